import {
  practiceAccountResponseSchema,
  practiceResetResponseSchema,
} from '@app/shared/schemas/practice';
import type { AppContext } from '../../context';
import { idempotencyKeyOf, sendOutcome } from '../ledger';
import { requireUser, signedInRoutes } from '../session';
import * as service from './practice.service';

/**
 * GET /api/practice (the user's practice account; answered when practice is off, enabled false),
 * POST /api/practice/start (201 opened, 200 already open), POST /api/practice/reset
 * (Idempotency-Key) — the signed-in user's own, never another's.
 */
export function practiceRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    const tags = ['practice'];
    app.get(
      '/',
      { schema: { tags, response: { 200: practiceAccountResponseSchema } } },
      async (request) => ({
        practice: await service.practiceOf(ctx, requireUser(request).user),
      }),
    );
    app.post(
      '/start',
      {
        schema: {
          tags,
          response: { 200: practiceAccountResponseSchema, 201: practiceAccountResponseSchema },
        },
      },
      async (request, reply) => {
        const outcome = await service.startPractice(ctx, requireUser(request).user);
        return reply.status(outcome.status).send(outcome.body);
      },
    );
    app.post(
      '/reset',
      { schema: { tags, response: { 200: practiceResetResponseSchema } } },
      async (request, reply) =>
        sendOutcome(
          reply,
          await service.resetPractice(ctx, requireUser(request).user, idempotencyKeyOf(request)),
        ),
    );
  });
}
