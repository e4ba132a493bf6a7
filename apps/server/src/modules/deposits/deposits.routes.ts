import { createDepositSchema } from '@app/shared/schemas/money';
import { transactionResponseSchema } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import { decisionRoutes } from '../approvals';
import { requireUser } from '../session';
import { idempotentCreateRoute } from '../ledger';
import * as service from './deposits.service';
import { adminRoutes, signedInRoutes } from '../session';

/** POST /api/deposits — "I have made the payment" (accepts Idempotency-Key). */
export function depositRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    idempotentCreateRoute(
      app,
      { tags: ['deposits'], body: createDepositSchema, response: transactionResponseSchema },
      (request, body, key) => service.requestDeposit(ctx, requireUser(request).user, body, key),
    );
  });
}

/** POST /api/admin/deposits/:id/approve and /reject {reason} (id = uuid or TNX id). */
export function adminDepositRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    decisionRoutes(app, {
      tags: ['admin'],
      approve: {
        verb: 'approve',
        response: { 200: transactionResponseSchema },
        run: (request) => service.approveDeposit(ctx, request),
      },
      reject: {
        response: { 200: transactionResponseSchema },
        run: (request, reason) => service.rejectDeposit(ctx, request, reason),
      },
    });
  });
}
