import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { contactMessageListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { contactMessages } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { guardAdmin } from '../../http/guards';
import { decodeCursor, encodeCursor } from '../users/cursor';

/** /api/admin/messages: what visitors and users sent through the contact form. */
export function contactMessageRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      {
        schema: {
          tags: ['admin'],
          querystring: z.object({
            cursor: z.string().max(200).optional(),
            limit: z.coerce.number().int().min(1).max(100).default(25),
          }),
          response: { 200: contactMessageListSchema },
        },
      },
      async (request) => {
        const after = decodeCursor(request.query.cursor);
        if (request.query.cursor && !after) throw badRequest('Invalid cursor', 'cursor');
        const limit = request.query.limit;
        const rows = await ctx.db
          .select()
          .from(contactMessages)
          .where(
            after
              ? sql`(${contactMessages.createdAt}, ${contactMessages.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          )
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit + 1);
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
          messages: page.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
          nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
        };
      },
    );
    done();
  };
}
