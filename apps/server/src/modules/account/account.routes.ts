import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSummarySchema } from '@app/shared/schemas/account';
import { dataExportSchema } from '@app/shared/schemas/data-export';
import { approvalResponseSchema } from '@app/shared/schemas/approvals';
import { adjustmentSchema } from '@app/shared/schemas/money';
import { transactionResponseSchema } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import { guardAdmin, guardSignedIn } from '../../http/guards';
import { limitOn, rateLimiter } from '../../http/rate-limit';
import { sendJsonText } from '../../http/json-text';
import { requireAdmin, requireUser } from '../session';
import { idempotencyKeyOf, sendOutcome } from '../ledger/idempotency';
import { adjust } from './adjustments.service';
import { summary } from './account.service';
import { sendDownload } from '../statements/download';
import { openPersonalDataExport } from './data-export.service';

/** Personal-data downloads one account may make per hour (each reads the whole history). */
export const DATA_EXPORTS_PER_HOUR = 5;
const exportsByAccount = {
  name: 'export:account',
  max: DATA_EXPORTS_PER_HOUR,
  windowMs: 3_600_000,
};
import { rule } from '@app/shared/rules';

/**
 * GET /api/account/summary — the dashboard's figures; GET /api/account/export — everything the
 * platform holds about the user, as a JSON file (rate-limited, audited).
 */
export function accountRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardSignedIn(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/summary',
      { schema: { tags: ['account'], response: { 200: accountSummarySchema } } },
      // Serialised as it is, not checked against the response schema on the way (51 us of the
      // route's ~440 us of server CPU in a profile under load): summary() builds every field of
      // it, and a test holds the answer to be what the schema would let through
      // (trades.test.ts).
      async (request, reply) =>
        sendJsonText(reply, JSON.stringify(await summary(ctx, requireUser(request).user.id))),
    );
    app.get(
      '/export',
      {
        preHandler: limiter.guard([
          limitOn(exportsByAccount, (request) => request.auth?.user.id ?? null),
        ]),
        schema: { tags: ['account'], response: { 200: dataExportSchema } },
      },
      // Streamed (the response schema documents it; each item is checked on its way out).
      async (request, reply) => {
        const { user } = requireUser(request);
        const data = await openPersonalDataExport(ctx, user, request.ip);
        void reply.header('cache-control', 'no-store');
        return sendDownload(request, reply, {
          body: data.body,
          format: 'json',
          fileName: `personal-data-${data.exportedAt.slice(0, 10)}.json`,
          failure: 'data export stream failed',
          logContext: { userId: user.id },
        });
      },
    );
    done();
  };
}

/**
 * POST /api/admin/users/:id/adjustments {bucket, amount, reason} (Idempotency-Key): 201 booked,
 * or 202 with the approval a second admin must give.
 */
export function adminAdjustmentRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/:id/adjustments',
      {
        schema: {
          tags: ['admin'],
          params: z.object({ id: z.uuid({ error: rule('USER_ID_NOT_FOUND') }) }),
          body: adjustmentSchema,
          // 202: above the four-eyes threshold, an approval waits for a second admin.
          response: { 201: transactionResponseSchema, 202: approvalResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await adjust(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          request.body,
          idempotencyKeyOf(request),
          request.ip,
        );
        return sendOutcome(reply, result);
      },
    );
    done();
  };
}
