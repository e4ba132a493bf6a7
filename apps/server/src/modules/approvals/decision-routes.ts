import { atMostCharacters } from '@app/shared/schemas/common';
import { rejectSchema } from '@app/shared/schemas/money';
import { z } from 'zod';
import type { ZodRoutes } from '../../http/route-plugin';
import type { AdminDecisionRequest } from './self-decision';
import { requireAdmin } from '../session';
import { idempotencyKeyOf, sendOutcome, type IdempotentOutcome } from '../ledger';

/** A deposit, withdrawal or approval, by uuid or TNX id. */
const idParams = z.object({ id: z.string().max(40, atMostCharacters(40)) });

interface Decision {
  /** The status codes answered and their bodies (published in the OpenAPI document). */
  response: Record<number, z.ZodType>;
}

/**
 * The admin's two decisions on one pending thing: POST /:id/{approve|pay} and POST /:id/reject
 * {reason}, both accepting Idempotency-Key. Each parses the request into an AdminDecisionRequest
 * (the acting admin, the id, the key, the caller's address), calls its one service function and
 * sends its outcome.
 */
export function decisionRoutes(
  app: ZodRoutes,
  options: {
    tags: string[];
    approve: Decision & {
      verb: 'approve' | 'pay';
      /** What the decision takes besides the id (a payout's proof); none: an empty body. */
      body?: z.ZodType<Record<string, unknown>>;
      run: (
        request: AdminDecisionRequest,
        body: Record<string, unknown>,
      ) => Promise<IdempotentOutcome<unknown>>;
    };
    reject: Decision & {
      run: (request: AdminDecisionRequest, reason: string) => Promise<IdempotentOutcome<unknown>>;
    };
  },
): void {
  const { tags, approve, reject } = options;
  app.post(
    `/:id/${approve.verb}`,
    {
      schema: {
        tags,
        params: idParams,
        ...(approve.body ? { body: approve.body } : {}),
        response: approve.response,
      },
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await approve.run(
          {
            admin: requireAdmin(request).user,
            id: request.params.id,
            key: idempotencyKeyOf(request),
            ip: request.ip,
          },
          (request.body as Record<string, unknown> | undefined) ?? {},
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
          {
            admin: requireAdmin(request).user,
            id: request.params.id,
            key: idempotencyKeyOf(request),
            ip: request.ip,
          },
          request.body.reason,
        ),
      ),
  );
}
