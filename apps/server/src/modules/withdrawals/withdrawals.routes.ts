import {
  createWithdrawalSchema,
  feeScheduleSchema,
  withdrawalQuoteQuerySchema,
  withdrawalQuoteSchema,
} from '@app/shared/schemas/money';
import { approvalResponseSchema } from '@app/shared/schemas/approvals';
import { transactionResponseSchema } from '@app/shared/schemas/transactions';
import {
  chainDevPayoutResponseSchema,
  chainDevPayoutSchema,
  payoutProofSchema,
} from '@app/shared/schemas/chain';
import type { AppContext } from '../../context';
import type { ChainRails, ChainSetup } from '../chain';
import { decisionRoutes } from '../approvals';
import { idempotentCreateRoute } from '../ledger';
import * as service from './withdrawals.service';
import { publicRoutes } from '../../http/route-plugin';
import { adminRoutes, requireUser, signedInRoutes } from '../session';

/**
 * GET /api/withdrawals/quote?amount=&methodId=: what a withdrawal of that amount costs by that
 * method (without one: by bank transfer) at the fee in force.
 * Public, like the fee schedule it illustrates (a visitor reads it before signing up).
 */
export function withdrawalQuoteRoute(ctx: AppContext) {
  return publicRoutes((app) => {
    app.get(
      '/quote',
      {
        schema: {
          tags: ['withdrawals'],
          querystring: withdrawalQuoteQuerySchema,
          response: { 200: withdrawalQuoteSchema },
        },
      },
      (request) => service.quote(ctx, request.query.amount, request.query.methodId),
    );
  });
}

/**
 * GET /api/settings/fees — public: the withdrawal fee of every active payout method, for
 * /withdrawals/fee (each method's terms live on it: payment-methods).
 */
export function feeScheduleRoute(ctx: AppContext) {
  return publicRoutes((app) => {
    app.get('/fees', { schema: { tags: ['settings'], response: { 200: feeScheduleSchema } } }, () =>
      service.feeSchedule(ctx.db),
    );
  });
}

/**
 * POST /api/withdrawals (Idempotency-Key), signed in. `rails`: the crypto rails, whose methods
 * take a checked address of their network.
 */
export function withdrawalRoutes(ctx: AppContext, rails?: ChainRails) {
  return signedInRoutes((app) => {
    const tags = ['withdrawals'];
    idempotentCreateRoute(
      app,
      { tags, body: createWithdrawalSchema, response: transactionResponseSchema },
      (request, body, key) =>
        service.requestWithdrawal(ctx, requireUser(request).user, body, key, rails),
    );
  });
}

/**
 * POST /api/admin/withdrawals/:id/pay {txHash?} and /reject {reason} (id = uuid or TNX id). A
 * withdrawal on a crypto rail is paid only with the payout's hash, proven on `rails`.
 */
export function adminWithdrawalRoutes(ctx: AppContext, rails?: ChainRails) {
  return adminRoutes((app) => {
    decisionRoutes(app, {
      tags: ['admin'],
      approve: {
        verb: 'pay',
        body: payoutProofSchema,
        // 202: above the four-eyes threshold, a payout approval waits for a second admin.
        response: { 200: transactionResponseSchema, 202: approvalResponseSchema },
        run: (request, body) =>
          service.payWithdrawal(ctx, request, payoutProofSchema.parse(body), rails),
      },
      reject: {
        response: { 200: transactionResponseSchema },
        run: (request, reason) => service.rejectWithdrawal(ctx, request, reason),
      },
    });
  });
}

/**
 * POST /api/admin/chain/dev/payouts {withdrawalId} (development chain only: 404
 * CHAIN_FAUCET_OFF anywhere else): the development account sends a pending withdrawal's payout
 * on the rail and answers its hash, which the admin then pays the withdrawal with (POST
 * /api/admin/withdrawals/:id/pay): the chain's proof is checked as for any payout.
 */
export function adminDevPayoutRoutes(ctx: AppContext, chain: ChainSetup | undefined) {
  return adminRoutes((app) => {
    app.post(
      '/payouts',
      {
        schema: {
          tags: ['admin'],
          description:
            'Development chain only: test USDC sent to a pending withdrawal’s address, for its payout hash.',
          body: chainDevPayoutSchema,
          response: { 200: chainDevPayoutResponseSchema },
        },
      },
      (request) =>
        service.sendDevPayout(ctx, requireUser(request).user, request.body.withdrawalId, chain),
    );
  });
}
