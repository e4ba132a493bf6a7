import { z } from 'zod';
import { accountSummarySchema } from '@app/shared/schemas/account';
import { adminSessionSchema, adminUserSchema } from '@app/shared/schemas/admin-users';
import { okSchema } from '@app/shared/schemas/auth';
import { approvalResponseSchema } from '@app/shared/schemas/approvals';
import { adjustmentSchema } from '@app/shared/schemas/money';
import { transactionResponseSchema } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import { sendJsonText } from '../../http/json-text';
import { requireAdmin, requireUser } from '../session';
import { idempotencyKeyOf, sendOutcome } from '../ledger';
import { adjust } from './adjustments.service';
import { summary } from './account.service';
import { userDetail } from '../users';
import { activateAccount } from '../verification';
import { rule } from '@app/shared/rules';
import { adminRoutes, signedInRoutes } from '../session';
import { bookQuerySchema } from '@app/shared/schemas/practice';
import { requirePractice } from '../settings';

/**
 * GET /api/account/summary[?book=practice] — the dashboard's figures, of the real account or the
 * practice one (the personal-data export beside it is the data-export module's).
 */
export function accountRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    app.get(
      '/summary',
      {
        schema: {
          tags: ['account'],
          querystring: bookQuerySchema,
          response: { 200: accountSummarySchema },
        },
      },
      // Serialised as it is, not checked against the response schema on the way (51 us of the
      // route's ~440 us of server CPU in a profile under load): summary() builds every field of
      // it, and a test holds the answer to be what the schema would let through
      // (trades.test.ts).
      async (request, reply) => {
        const { user } = requireUser(request);
        const { book } = request.query;
        if (book === 'practice') await requirePractice(ctx.db, user, { started: false });
        return sendJsonText(reply, JSON.stringify(await summary(ctx, user.id, book)));
      },
    );
  });
}

const userIdParams = z.object({ id: z.uuid({ error: rule('USER_ID_NOT_FOUND') }) });

const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  referrals: z.array(
    adminUserSchema.pick({ id: true, name: true, email: true, isActive: true, createdAt: true }),
  ),
  sessions: z.array(adminSessionSchema),
  /** Their balances and totals, from the ledger (the same figures their dashboard shows). */
  summary: accountSummarySchema,
});

/**
 * The admin's routes on one user that reach their account, beside users' own under
 * /api/admin/users: GET /:id (the user with their balances), POST /:id/activate (verification's
 * rule, the referrer's bonus), POST /:id/adjustments {bucket, amount, reason} (Idempotency-Key):
 * 201 booked, or 202 with the approval a second admin must give.
 */
export function adminUserAccountRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    const tags = ['admin'];
    app.get(
      '/:id',
      { schema: { tags, params: userIdParams, response: { 200: adminUserDetailSchema } } },
      async (request) => userDetail(ctx, request.params.id, (userId) => summary(ctx, userId)),
    );
    app.post(
      '/:id/activate',
      { schema: { tags, params: userIdParams, response: { 200: okSchema } } },
      async (request) => {
        const actor = { adminId: requireAdmin(request).user.id, ip: request.ip };
        await activateAccount(ctx, actor, request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/:id/adjustments',
      {
        schema: {
          tags,
          params: userIdParams,
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
  });
}
