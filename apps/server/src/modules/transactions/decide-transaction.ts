import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { adminDecision, type AdminDecisionRequest } from '../approvals/self-decision';
import { recordAudit, recordAuditAlongside } from '../audit/audit.service';
import { findUserById } from '../auth/auth.service';
import type { OperationResult } from '../ledger/idempotency';
import type { TransactionRow } from '../ledger/ledger.schema';
import { transactionAnswer } from '../ledger/money.common';
import { mailInsertStatement } from '../mail/mail.service';
import type { MailContent } from '../mail/templates';
import { decideOrThrow } from './transactions.service';

/** What differs between the admin decisions on a pending deposit or withdrawal. */
export interface TransactionDecision {
  kind: 'deposit' | 'withdrawal';
  /** success: approved (deposit) or paid (withdrawal); failed: rejected with `reason`. */
  outcome: { status: 'success' } | { status: 'failed'; reason: string };
  /** The audit action (`deposit.approved`, `withdrawal.rejected`...) and its details. */
  action: string;
  details: (row: TransactionRow) => Record<string, unknown>;
  /** The e-mail the owner receives. */
  mail: (row: TransactionRow, owner: UserRow) => MailContent;
  /**
   * Checks and bookings once the row has left `pending` (under its lock), before the owner is
   * told: a withdrawal's hold moves to payouts or back to available.
   */
  book?: (tx: Tx, row: TransactionRow, meta: BookingMeta) => Promise<void>;
  /**
   * Bookings on a hot shared account (every approval posts from platform:cash): run after the
   * answer is stored, so that lock is held only until COMMIT.
   */
  bookLast?: (tx: Tx, row: TransactionRow, meta: BookingMeta) => Promise<void>;
}

export interface BookingMeta {
  keyId: bigint | null;
  now: Date;
}

type Answer = { transaction: Transaction };

/**
 * An admin decision on a pending deposit or withdrawal, inside the caller's transaction: the row
 * leaves `pending` exactly once (404 / 403 own money / 409 already decided), the bookings run, the
 * owner is e-mailed and the decision audited; returns the decided row and the answer (whose
 * after-commit work refreshes the owner's and the admins' screens).
 */
export async function settleTransactionDecision(
  ctx: AppContext,
  tx: Tx,
  params: { id: string; adminId: string; ip: string; keyId: bigint | null },
  decision: TransactionDecision,
): Promise<{ row: TransactionRow; answer: OperationResult<Answer> }> {
  const now = ctx.clock.now();
  const { outcome } = decision;
  const row = await decideOrThrow(tx, {
    idOrTransactionId: params.id,
    kind: decision.kind,
    status: outcome.status,
    ...(outcome.status === 'failed' ? { failureReason: outcome.reason } : {}),
    decidedBy: params.adminId,
    now,
  });
  const meta = { keyId: params.keyId, now };
  await decision.book?.(tx, row, meta);
  const owner = await findUserById(tx, row.userId);
  const audit = {
    actorId: params.adminId,
    action: decision.action,
    targetType: 'transaction',
    targetId: row.transactionId,
    ip: params.ip,
    details: decision.details(row),
  };
  // The owner's e-mail and the audit entry in one statement (one round trip).
  if (owner) {
    await recordAuditAlongside(
      tx,
      audit,
      mailInsertStatement(owner.email, decision.mail(row, owner)),
    );
  } else {
    await recordAudit(tx, audit);
  }
  const answer = transactionAnswer(ctx, row, 200);
  const { bookLast } = decision;
  return {
    row,
    answer: bookLast ? { ...answer, lastWrites: () => bookLast(tx, row, meta) } : answer,
  };
}

/**
 * POST /api/admin/{deposits|withdrawals}/:id/{verb}: one decision flow for approving, paying and
 * rejecting. Idempotent under the admin's key, refused self-decisions audited (adminDecision), the
 * row decided and settled (settleTransactionDecision). `instead`, when it answers, replaces the
 * decision (a payout above the four-eyes threshold asks for a second admin instead).
 */
export function decideTransaction<T = Answer>(
  ctx: AppContext,
  request: { admin: UserRow; id: string; verb: string; key: string | undefined; ip: string },
  decision: TransactionDecision & {
    instead?: (tx: Tx, keyId: bigint | null) => Promise<OperationResult<T> | undefined>;
  },
) {
  const { admin, id, ip } = request;
  const payload = decision.outcome.status === 'failed' ? { reason: decision.outcome.reason } : {};
  return adminDecision<Answer | T>(
    ctx,
    { adminId: admin.id, ip },
    { scope: `POST /api/admin/${decision.kind}s/${id}/${request.verb}`, key: request.key, payload },
    async (tx, keyId) => {
      const instead = await decision.instead?.(tx, keyId);
      if (instead) return instead;
      return (
        await settleTransactionDecision(ctx, tx, { id, adminId: admin.id, ip, keyId }, decision)
      ).answer;
    },
  );
}

/**
 * POST /api/admin/{deposits|withdrawals}/:id/reject {reason}: failed with the reason the owner is
 * shown, audited as `<kind>.rejected` with the owner and the reason.
 */
export function rejectTransaction(
  ctx: AppContext,
  request: AdminDecisionRequest,
  reason: string,
  decision: Pick<TransactionDecision, 'kind' | 'mail' | 'book'>,
) {
  return decideTransaction(
    ctx,
    { ...request, verb: 'reject' },
    {
      ...decision,
      outcome: { status: 'failed', reason },
      action: `${decision.kind}.rejected`,
      details: (row) => ({ userId: row.userId, reason }),
    },
  );
}
