import { atMostCharacters, wholeNumberParam } from '@app/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { contactMessageListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { contactMessages } from '../../db/schema';
import { refusal } from '../../http/errors';
import { guardAdmin } from '../../http/guards';
import { afterCursor, cursorTextOf, decodeCursor, encodeCursor } from '../../db/keyset';

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
            cursor: z.string().max(200, atMostCharacters(200)).optional(),
            limit: wholeNumberParam(1, 100).default(25),
          }),
          response: { 200: contactMessageListSchema },
        },
      },
      async (request) => {
        const after = request.query.cursor ? decodeCursor(request.query.cursor) : undefined;
        if (request.query.cursor && !after) throw refusal('INVALID_CURSOR', {}, 'cursor');
        const limit = request.query.limit;
        const rows = await ctx.db
          .select({ message: contactMessages, cursorAt: cursorTextOf(contactMessages.createdAt) })
          .from(contactMessages)
          .where(
            after ? afterCursor(contactMessages.createdAt, contactMessages.id, after) : undefined,
          )
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit + 1);
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
          messages: page.map(({ message }) => ({
            ...message,
            createdAt: message.createdAt.toISOString(),
          })),
          nextCursor:
            rows.length > limit && last
              ? encodeCursor({ createdAt: last.cursorAt, id: last.message.id })
              : null,
        };
      },
    );
    done();
  };
}
