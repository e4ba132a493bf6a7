import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodRoutes } from '../../http/route-plugin';
import { idempotencyKeyOf, sendOutcome, type IdempotentOutcome } from './idempotency';

/**
 * POST / that asks for a money operation (a deposit, a withdrawal, a trade): the body checked by
 * `schema.body`, `run` carries it out for the request with its Idempotency-Key, and the answer goes
 * out with the operation's first status (201 Created) and whether it was a replay.
 */
export function idempotentCreateRoute<Body, Answer>(
  app: ZodRoutes,
  schema: { tags: string[]; body: z.ZodType<Body>; response: z.ZodType<unknown, Answer> },
  run: (
    request: FastifyRequest,
    body: Body,
    key: string | undefined,
  ) => Promise<IdempotentOutcome<Answer>>,
): void {
  app.post(
    '/',
    { schema: { tags: schema.tags, body: schema.body, response: { 201: schema.response } } },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      // `schema.body` has parsed the body; the type provider only cannot see through the generic.
      return sendOutcome(reply, await run(request, request.body as Body, key));
    },
  );
}
