import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApproversSchema,
  adminSessionSchema,
  adminUpdateUserSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
} from '@app/shared/schemas/admin-users';
import { accountSummarySchema } from '@app/shared/schemas/account';
import { okSchema } from '@app/shared/schemas/auth';
import { approvalResponseSchema } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import { requireAdmin } from '../session';
import * as service from './users.service';
import { rule } from '@app/shared/rules';

const idParams = z.object({ id: z.uuid({ error: rule('USER_ID_NOT_FOUND') }) });

function actorOf(request: FastifyRequest): service.AdminActor {
  return { adminId: requireAdmin(request).user.id, ip: request.ip };
}

/** /api/admin/users: every route is admin-only (guardAdmin), every change audited. */
export function adminUserRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

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

    app.get(
      '/:id',
      {
        schema: {
          tags,
          params: idParams,
          response: {
            200: z.object({
              user: adminUserSchema,
              referrals: z.array(
                adminUserSchema.pick({
                  id: true,
                  name: true,
                  email: true,
                  isActive: true,
                  createdAt: true,
                }),
              ),
              sessions: z.array(adminSessionSchema),
              /** Their balances and totals, from the ledger (the same figures their dashboard shows). */
              summary: accountSummarySchema,
            }),
          },
        },
      },
      async (request) => service.userDetail(ctx, request.params.id),
    );

    const actions: Record<string, (actor: service.AdminActor, id: string) => Promise<void>> = {
      activate: (actor, id) => service.activate(ctx, actor, id),
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
    done();
  };
}
