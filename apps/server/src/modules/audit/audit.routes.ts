import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, lt } from 'drizzle-orm';
import { auditListQuerySchema, auditListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { auditLog, users } from '../../db/schema';
import { guardAdmin } from '../../http/guards';

/** /api/admin/audit: read-only (the table itself refuses UPDATE and DELETE). */
export function auditRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      {
        schema: {
          tags: ['admin'],
          querystring: auditListQuerySchema,
          response: { 200: auditListSchema },
        },
      },
      async (request) => {
        const { actorId, targetType, targetId, action, before, limit } = request.query;
        const rows = await ctx.db
          .select({ entry: auditLog, actorEmail: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(
            and(
              actorId ? eq(auditLog.actorId, actorId) : undefined,
              targetType ? eq(auditLog.targetType, targetType) : undefined,
              targetId ? eq(auditLog.targetId, targetId) : undefined,
              action ? eq(auditLog.action, action) : undefined,
              before ? lt(auditLog.id, BigInt(before)) : undefined,
            ),
          )
          .orderBy(desc(auditLog.id))
          .limit(limit + 1);
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
          entries: page.map(({ entry, actorEmail }) => ({
            id: entry.id.toString(),
            actorId: entry.actorId,
            actorEmail,
            action: entry.action,
            targetType: entry.targetType,
            targetId: entry.targetId,
            ip: entry.ip,
            details: entry.details as Record<string, unknown>,
            createdAt: entry.createdAt.toISOString(),
          })),
          nextCursor: rows.length > limit && last ? last.entry.id.toString() : null,
        };
      },
    );
    done();
  };
}
