import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { depositApproved } from '../ledger/domain';
import { runIdempotent } from '../ledger/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { announceMoneyChange, requireActiveAccount } from '../ledger/money.common';
import { methodLabel } from '../payment-methods/payment-method.view';
import { findActiveMethod } from '../payment-methods/payment-methods.service';
import { toTransaction } from '../transactions/transaction.view';
import type { AdminDecisionRequest } from '../approvals/self-decision';
import { decideTransaction, rejectTransaction } from '../transactions/decide-transaction';
import { insertTransaction } from '../transactions/transactions.service';

type Answer = { transaction: Transaction };

/**
 * "I have made the payment": a pending credit transaction. No ledger movement yet — until the
 * operator confirms the money arrived there is nothing to book (a memo entry would have to be a
 * zero or a fake amount); the approval books cash → available in one entry.
 */
export async function requestDeposit(
  ctx: AppContext,
  user: UserRow,
  input: { methodId: string; amount: number; reference?: string | undefined },
  key: string | undefined,
) {
  requireActiveAccount(user);
  return runIdempotent<Answer>(
    ctx,
    { userId: user.id, key, scope: 'POST /api/deposits', payload: input },
    async (tx) => {
      const method = await findActiveMethod(tx, input.methodId);
      if (!method) throw refusal('PAYMENT_METHOD_REQUIRED', {}, 'methodId');
      const now = ctx.clock.now();
      const label = methodLabel(method);
      const parts: TransactionDescription = { code: 'deposit', method: label };
      const row = await insertTransaction(tx, {
        userId: user.id,
        kind: 'deposit',
        type: 'credit',
        status: 'pending',
        amountCents: BigInt(input.amount),
        description: englishDescription(parts),
        descriptionParts: parts,
        crypto: label,
        channel: method.kind,
        paymentReference: input.reference?.trim() || null,
        methodId: method.id,
        createdAt: now,
        updatedAt: now,
      });
      return {
        status: 201,
        body: { transaction: toTransaction(row) },
        afterCommit: () => announceMoneyChange(ctx, user.id, row.transactionId),
      };
    },
  );
}

/** Admin: the money arrived. Books platform cash → user available, once; never one's own. */
export function approveDeposit(ctx: AppContext, request: AdminDecisionRequest) {
  const { admin } = request;
  return decideTransaction(
    ctx,
    { ...request, verb: 'approve' },
    {
      kind: 'deposit',
      outcome: { status: 'success' },
      action: 'deposit.approved',
      details: (row) => ({ userId: row.userId, amountCents: row.amountCents.toString() }),
      notice: (row) => ({
        type: 'deposit_approved',
        params: { transactionId: row.transactionId, amountCents: Number(row.amountCents) },
      }),
      // Every approval posts from platform:cash: its lock is taken last, held only to COMMIT.
      bookLast: async (tx, row, { keyId, now }) => {
        await postEntry(
          tx,
          depositApproved(row.userId, row.amountCents, `Deposit ${row.transactionId}`),
          { transactionId: row.id, idempotencyKeyId: keyId, createdBy: admin.id, createdAt: now },
        );
      },
    },
  );
}

/** Admin: the money never arrived. Failed with the reason the user will see; nothing booked. */
export function rejectDeposit(ctx: AppContext, request: AdminDecisionRequest, reason: string) {
  return rejectTransaction(ctx, request, reason, {
    kind: 'deposit',
    notice: (row) => ({
      type: 'deposit_rejected',
      params: { transactionId: row.transactionId, amountCents: Number(row.amountCents), reason },
    }),
  });
}
