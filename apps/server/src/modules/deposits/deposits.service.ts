import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { depositApproved } from '../ledger/domain';
import { auditingSelfDecisions } from '../approvals/self-decision';
import { runIdempotent } from '../ledger/idempotency';
import { postEntry } from '../ledger/ledger.service';
import {
  announceMoneyChange,
  brandOf,
  requireActiveAccount,
  settleDecision,
} from '../ledger/money.common';
import { methodLabel } from '../payment-methods/payment-method.view';
import { findActiveMethod } from '../payment-methods/payment-methods.repo';
import { moneyMail } from '../transactions/transaction.mail';
import { toTransaction } from '../transactions/transaction.view';
import { insertTransaction } from '../transactions/transactions.repo';
import { decideOrThrow } from '../transactions/transactions.service';

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
export async function approveDeposit(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  key: string | undefined,
  ip: string,
) {
  return auditingSelfDecisions(ctx, { adminId: admin.id, ip }, () =>
    runIdempotent<Answer>(
      ctx,
      { userId: admin.id, key, scope: `POST /api/admin/deposits/${id}/approve`, payload: {} },
      async (tx, keyId) => {
        const now = ctx.clock.now();
        const row = await decideOrThrow(tx, {
          idOrTransactionId: id,
          kind: 'deposit',
          status: 'success',
          decidedBy: admin.id,
          now,
        });
        const answer = await settleDecision(ctx, tx, {
          row,
          adminId: admin.id,
          ip,
          action: 'deposit.approved',
          details: { userId: row.userId, amountCents: row.amountCents.toString() },
          mail: (owner) => moneyMail.depositApproved(brandOf(ctx), owner.name, row),
        });
        return {
          ...answer,
          // Every approval posts from platform:cash: its lock is taken last, held only to COMMIT.
          lastWrites: async () => {
            await postEntry(
              tx,
              depositApproved(row.userId, row.amountCents, `Deposit ${row.transactionId}`),
              {
                transactionId: row.id,
                idempotencyKeyId: keyId,
                createdBy: admin.id,
                createdAt: now,
              },
            );
          },
        };
      },
    ),
  );
}

/** Admin: the money never arrived. Failed with the reason the user will see; nothing booked. */
export async function rejectDeposit(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  reason: string,
  key: string | undefined,
  ip: string,
) {
  return auditingSelfDecisions(ctx, { adminId: admin.id, ip }, () =>
    runIdempotent<Answer>(
      ctx,
      {
        userId: admin.id,
        key,
        scope: `POST /api/admin/deposits/${id}/reject`,
        payload: { reason },
      },
      async (tx) => {
        const now = ctx.clock.now();
        const row = await decideOrThrow(tx, {
          idOrTransactionId: id,
          kind: 'deposit',
          status: 'failed',
          failureReason: reason,
          decidedBy: admin.id,
          now,
        });
        return settleDecision(ctx, tx, {
          row,
          adminId: admin.id,
          ip,
          action: 'deposit.rejected',
          details: { userId: row.userId, reason },
          mail: (owner) => moneyMail.depositRejected(brandOf(ctx), owner.name, row, reason),
        });
      },
    ),
  );
}
