import { MONEY_MESSAGES, type AdjustmentBucket } from '@app/shared/schemas/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { findUserById } from '../auth/auth.repo';
import { adjustment } from '../ledger/domain';
import { runIdempotent } from '../ledger/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { announceMoneyChange, withFundsCheck } from '../ledger/money.common';
import { toTransaction } from '../transactions/transaction.view';
import { insertTransaction } from '../transactions/transactions.repo';

const LABELS: Record<AdjustmentBucket, string> = {
  balance: 'Balance adjustment',
  profit: 'Profit adjustment',
  bonus: 'Bonus adjustment',
};

/**
 * Admin adjustment (PRODUCT.md principle 1): nobody types a balance; an admin books an adjustment
 * with a required reason. One ledger entry, one success transaction the user sees (with the
 * reason), one audit entry. Balance may be negative (never below the user's available balance);
 * profit and bonus are credits.
 */
export async function adjust(
  ctx: AppContext,
  admin: UserRow,
  userId: string,
  input: { bucket: AdjustmentBucket; amount: number; reason: string },
  key: string | undefined,
  ip: string,
) {
  if (input.amount < 0 && input.bucket !== 'balance') {
    throw badRequest(MONEY_MESSAGES.onlyBalanceNegative, 'amount');
  }
  return runIdempotent<{ transaction: Transaction }>(
    ctx,
    {
      userId: admin.id,
      key,
      scope: `POST /api/admin/users/${userId}/adjustments`,
      payload: input,
    },
    async (tx, keyId) => {
      const target = await findUserById(tx, userId);
      if (!target) throw notFound('User not found');
      const now = ctx.clock.now();
      const amount = BigInt(input.amount);
      const description = `${LABELS[input.bucket]}: ${input.reason}`;
      const row = await insertTransaction(tx, {
        userId,
        kind: `adjustment_${input.bucket}`,
        type: amount > 0n ? 'credit' : 'withdraw',
        status: 'success',
        amountCents: amount > 0n ? amount : -amount,
        description,
        decidedBy: admin.id,
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await withFundsCheck(() =>
        postEntry(tx, adjustment(userId, input.bucket, amount, description), {
          transactionId: row.id,
          idempotencyKeyId: keyId,
          createdBy: admin.id,
          createdAt: now,
        }),
      );
      await recordAudit(tx, {
        actorId: admin.id,
        action: `adjustment.${input.bucket}`,
        targetType: 'user',
        targetId: userId,
        ip,
        details: {
          transactionId: row.transactionId,
          amountCents: amount.toString(),
          reason: input.reason,
        },
      });
      return {
        status: 201,
        body: { transaction: toTransaction(row) },
        afterCommit: () => announceMoneyChange(ctx, userId, row.transactionId),
      };
    },
  );
}
