import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminApproversSchema,
  adminUpdateUserSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
} from '@app/shared/schemas/admin-users';
import { okSchema } from '@app/shared/schemas/auth';
import { approvalResponseSchema } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import { requireAdmin } from '../session';
import * as service from './users.service';
import { rule } from '@app/shared/rules';
import { type ZodRoutes } from '../../http/route-plugin';
import { adminRoutes } from '../session';

const idParams = z.object({ id: z.uuid({ error: rule('USER_ID_NOT_FOUND') }) });

function actorOf(request: FastifyRequest): service.AdminActor {
  return { adminId: requireAdmin(request).user.id, ip: request.ip };
}

const tags = ['admin'];

/** GET / (one page of users) and GET /approvers (who could approve what waits for a second admin). */
function userListRoutes(app: ZodRoutes, ctx: AppContext): void {
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => service.listUsers(ctx, request.query),
  );
  // Who could approve what waits for a second admin (the approvals page and waiting rows).
  app.get(
    '/approvers',
    { schema: { tags, response: { 200: adminApproversSchema } } },
    async (request) => service.approvers(ctx, requireAdmin(request).user.id),
  );
}

/** POST /:id/<action>: the role and access changes one admin makes alone, answered { ok }. */
function userActionRoutes(app: ZodRoutes, ctx: AppContext): void {
  const actions: Record<string, (actor: service.AdminActor, id: string) => Promise<void>> = {
    deactivate: (actor, id) => service.deactivate(ctx, actor, id),
    'remove-admin': (actor, id) => service.removeAdmin(ctx, actor, id),
    'make-trader': (actor, id) => service.setTrader(ctx, actor, id, true),
    'remove-trader': (actor, id) => service.setTrader(ctx, actor, id, false),
    'revoke-sessions': (actor, id) => service.revokeSessions(ctx, actor, id),
  };
  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/:id/${name}`,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await action(actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  }
  // Widens who can act alone: waits for a second admin (202 with the approval).
  app.post(
    '/:id/make-admin',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: okSchema, 202: approvalResponseSchema },
      },
    },
    async (request, reply) => {
      const asked = await service.makeAdmin(ctx, actorOf(request), request.params.id);
      return asked ? reply.status(202).send(asked) : { ok: true as const };
    },
  );
}

/** PATCH /:id (contact details) and DELETE /:id (anonymised, the books kept). */
function userChangeRoutes(app: ZodRoutes, ctx: AppContext): void {
  app.patch(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: adminUpdateUserSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await service.updateContact(ctx, actorOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );
  app.delete(
    '/:id',
    { schema: { tags, params: idParams, response: { 200: okSchema } } },
    async (request) => {
      await service.deleteUser(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}

/**
 * /api/admin/users: every route is admin-only (guardAdmin), every change audited. A user's detail
 * (with balances) and activation (verification, referral bonus) are the account module's routes
 * under the same prefix (account.routes adminUserAccountRoutes).
 */
export function adminUserRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    userListRoutes(app, ctx);
    userActionRoutes(app, ctx);
    userChangeRoutes(app, ctx);
  });
}
