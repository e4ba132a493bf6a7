import { atMostCharacters } from '@app/shared/schemas/common';
import { rejectSchema } from '@app/shared/schemas/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../db/schema';
import { requireAdmin } from '../modules/auth/session';
import {
  idempotencyKeyOf,
  sendOutcome,
  type IdempotentOutcome,
} from '../modules/ledger/idempotency';

/** A deposit, withdrawal or approval, by uuid or TNX id. */
const idParams = z.object({ id: z.string().max(40, atMostCharacters(40)) });

interface Decision {
  /** The status codes answered and their bodies (published in the OpenAPI document). */
  response: Record<number, z.ZodType>;
}

/**
 * The admin's two decisions on one pending thing: POST /:id/{approve|pay} and POST /:id/reject
 * {reason}, both accepting Idempotency-Key. Each parses the request, calls its one service
 * function (the acting admin, the id, the key, the caller's address) and sends its outcome.
 */
export function decisionRoutes(
  fastify: FastifyInstance,
  options: {
    tags: string[];
    approve: Decision & {
      verb: 'approve' | 'pay';
      run: (
        admin: UserRow,
        id: string,
        key: string | undefined,
        ip: string,
      ) => Promise<IdempotentOutcome<unknown>>;
    };
    reject: Decision & {
      run: (
        admin: UserRow,
        id: string,
        reason: string,
        key: string | undefined,
        ip: string,
      ) => Promise<IdempotentOutcome<unknown>>;
    };
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tags, approve, reject } = options;
  app.post(
    `/:id/${approve.verb}`,
    { schema: { tags, params: idParams, response: approve.response } },
    async (request, reply) =>
      sendOutcome(
        reply,
        await approve.run(
          requireAdmin(request).user,
          request.params.id,
          idempotencyKeyOf(request),
          request.ip,
        ),
      ),
  );
  app.post(
    '/:id/reject',
    { schema: { tags, params: idParams, body: rejectSchema, response: reject.response } },
    async (request, reply) =>
      sendOutcome(
        reply,
        await reject.run(
          requireAdmin(request).user,
          request.params.id,
          request.body.reason,
          idempotencyKeyOf(request),
          request.ip,
        ),
      ),
  );
}
