import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSessionSchema,
  adminUpdateUserSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
} from '@app/shared/schemas/admin-users';
import { accountSummarySchema } from '@app/shared/schemas/account';
import { okSchema } from '@app/shared/schemas/auth';
import type { AppContext } from '../../context';
import { refusal } from '../../http/errors';
import { guardAdmin } from '../../http/guards';
import { summary } from '../account/account.service';
import { requireAdmin } from '../auth/session';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import * as repo from './users.repo';
import * as service from './users.service';
import { toAdminUser } from './user.view';
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
      async (request) => {
        const { q, filter, cursor, limit } = request.query;
        const after = cursor ? decodeCursor(cursor) : undefined;
        if (cursor && !after) throw refusal('INVALID_CURSOR', {}, 'cursor');
        const rows = await repo.listUsers(ctx.db, { q, filter, after, limit: limit + 1 });
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
          users: page.map((item) => toAdminUser(item.row)),
          nextCursor:
            rows.length > limit && last
              ? encodeCursor({ createdAt: last.cursorAt, id: last.row.id })
              : null,
        };
      },
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
      async (request) => {
        const user = await repo.findAnyUserById(ctx.db, request.params.id);
        if (!user) throw refusal('USER_NOT_FOUND');
        const [referrals, sessions, accountSummary] = await Promise.all([
          repo.listReferredUsers(ctx.db, user.referralId),
          repo.listUserSessions(ctx.db, user.id, ctx.clock.now()),
          summary(ctx, user.id),
        ]);
        return {
          user: toAdminUser(user),
          referrals: referrals.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
          sessions: sessions.map((s) => ({
            id: s.id,
            userAgent: s.userAgent,
            ip: s.ip,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
          })),
          summary: accountSummary,
        };
      },
    );

    const actions: Record<string, (actor: service.AdminActor, id: string) => Promise<void>> = {
      activate: (actor, id) => service.activate(ctx, actor, id),
      deactivate: (actor, id) => service.deactivate(ctx, actor, id),
      'make-admin': (actor, id) => service.setAdmin(ctx, actor, id, true),
      'remove-admin': (actor, id) => service.setAdmin(ctx, actor, id, false),
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
