import { atMostCharacters, wholeNumberParam } from '@app/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import { listContactMessages } from './contact.service';

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
      async (request) => listContactMessages(ctx, request.query),
    );
    done();
  };
}
