import { ADJUSTMENT_KIND } from '@app/shared/schemas/kinds';
import type { Approval } from '@app/shared/schemas/approvals';
import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import type { AdjustmentBucket } from '@app/shared/schemas/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import {
  type ApprovalHandlers,
  announceApprovalChange,
  askSecondAdmin,
  movedAloneCents,
  needsSecondAdmin,
  SOLO_WINDOW_MS,
  auditingSelfDecisions,
  SelfDecisionError,
} from '../approvals';
import { recordAudit } from '../audit';
import { findUserById } from '../session';
import {
  adjustment,
  runIdempotent,
  postEntry,
  announceMoneyChange,
  withFundsCheck,
  toTransaction,
} from '../ledger';
import type { TransactionRow } from '../../db/schema';
import { notify, type Announce } from '../notifications';
import { fourEyesThresholdCents } from '../settings';
import { insertTransaction } from '../transactions';
import { requireUndeletedOwner } from '../users';

export interface AdjustmentOrder {
  userId: string;
  bucket: AdjustmentBucket;
  /** Cents; negative only for the balance bucket. */
  amount: bigint;
  reason: string;
}

/**
 * Admin adjustment (docs/product.md principle 1): nobody types a balance; an admin books an adjustment
 * with a required reason. One ledger entry, one success transaction the user sees (with the
 * reason), one audit entry. Balance may be negative (never below the user's available balance);
 * profit and bonus are credits. Never on the admin's own account (403 SELF_DECISION_FORBIDDEN);
 * above the four-eyes threshold (with what this admin adjusted alone for the user in the last 24
 * hours) only an approval is recorded (202) and a second admin books it.
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
    throw refusal('NEGATIVE_ADJUSTMENT_NOT_BALANCE', {}, 'amount');
  }
  return auditingSelfDecisions(ctx, { adminId: admin.id, ip }, () =>
    runIdempotent<{ transaction: Transaction } | { approval: Approval }>(
      ctx,
      {
        userId: admin.id,
        key,
        scope: `POST /api/admin/users/${userId}/adjustments`,
        payload: input,
      },
      async (tx, keyId) => {
        const target = await findUserById(tx, userId);
        if (!target) throw refusal('USER_NOT_FOUND');
        if (target.id === admin.id) {
          throw new SelfDecisionError(`adjustment.${input.bucket}`, 'user', userId);
        }
        const order: AdjustmentOrder = {
          userId,
          bucket: input.bucket,
          amount: BigInt(input.amount),
          reason: input.reason,
        };
        const solo = await movedAloneCents(tx, {
          adminId: admin.id,
          userId,
          what: 'adjustment',
          since: new Date(ctx.clock.now().getTime() - SOLO_WINDOW_MS),
        });
        if (needsSecondAdmin(order.amount, await fourEyesThresholdCents(tx), solo)) {
          return requestAdjustmentApproval(ctx, tx, order, admin.id, ip);
        }
        const { row, announce } = await bookAdjustment(ctx, tx, order, {
          adminId: admin.id,
          keyId,
          ip,
        });
        return {
          status: 201,
          body: { transaction: toTransaction(row) },
          afterCommit: () => {
            announceMoneyChange(ctx, userId, row.transactionId);
            announce();
          },
        };
      },
    ),
  );
}

/** The maker's half of an adjustment above the threshold: one waiting approval, nothing booked. */
async function requestAdjustmentApproval(
  ctx: AppContext,
  tx: Tx,
  order: AdjustmentOrder,
  adminId: string,
  ip: string,
) {
  const approval = await askSecondAdmin(
    tx,
    {
      kind: 'adjustment',
      userId: order.userId,
      amountCents: order.amount,
      bucket: order.bucket,
      reason: order.reason,
      transactionId: null,
      requestedBy: adminId,
      requestedAt: ctx.clock.now(),
    },
    {
      ip,
      targetType: 'user',
      targetId: order.userId,
      details: { bucket: order.bucket, amountCents: order.amount.toString(), reason: order.reason },
    },
  );
  return {
    status: 202,
    body: { approval },
    afterCommit: () => announceApprovalChange(ctx, order.userId),
  };
}

/** An adjustment a second admin approved is booked as the maker asked for it. */
export function registerAdjustmentApprovals(handlers: ApprovalHandlers): void {
  handlers.handle('adjustment', async (ctx, tx, approval, by) => {
    const { userId, bucket, reason } = approval;
    if (bucket === null || reason === null || userId === null) {
      throw new Error(`adjustment approval ${approval.id} has no user, bucket or reason`);
    }
    return bookAdjustment(ctx, tx, { userId, bucket, amount: approval.amountCents, reason }, by);
  });
}

/**
 * Books an adjustment inside the caller's transaction: the success transaction the user sees,
 * the ledger entry, the user's alert and the audit entry (with the maker when a second admin
 * approved it). `announce` is for after the commit.
 */
export async function bookAdjustment(
  ctx: AppContext,
  tx: Tx,
  order: AdjustmentOrder,
  by: {
    adminId: string;
    keyId: bigint | null;
    ip: string;
    requestedBy?: string;
    approvalId?: string;
  },
): Promise<{ row: TransactionRow; announce: Announce }> {
  const now = ctx.clock.now();
  const { userId, amount } = order;
  // Also when a second admin approves it later: the account may have been deleted since.
  await requireUndeletedOwner(tx, userId);
  const parts: TransactionDescription = {
    code: 'adjustment',
    bucket: order.bucket,
    reason: order.reason,
  };
  const description = englishDescription(parts);
  const row = await insertTransaction(tx, {
    userId,
    kind: ADJUSTMENT_KIND[order.bucket],
    type: amount > 0n ? 'credit' : 'withdraw',
    status: 'success',
    amountCents: amount > 0n ? amount : -amount,
    description,
    descriptionParts: parts,
    decidedBy: by.adminId,
    decidedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await withFundsCheck(() =>
    postEntry(tx, adjustment(userId, order.bucket, amount, description), {
      transactionId: row.id,
      idempotencyKeyId: by.keyId,
      createdBy: by.adminId,
      createdAt: now,
    }),
  );
  const announce = await notify(ctx, tx, userId, {
    type: 'adjustment_posted',
    params: {
      transactionId: row.transactionId,
      bucket: order.bucket,
      amountCents: Number(amount),
      reason: order.reason,
    },
  });
  await recordAudit(tx, {
    actorId: by.adminId,
    action: `adjustment.${order.bucket}`,
    targetType: 'user',
    targetId: userId,
    ip: by.ip,
    details: {
      transactionId: row.transactionId,
      amountCents: amount.toString(),
      reason: order.reason,
      ...(by.requestedBy
        ? { requestedBy: by.requestedBy, approvedBy: by.adminId, approvalId: by.approvalId }
        : {}),
    },
  });
  return { row, announce };
}
