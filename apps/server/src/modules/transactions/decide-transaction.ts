import type { AuditAction } from '@app/shared/schemas/audit-actions';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { NotificationEvent } from '@app/shared/schemas/notifications';
import type { UserRow } from '../../db/schema';
import type { Approval } from '@app/shared/schemas/approvals';
import {
  type ApprovalHandler,
  type ApprovedBy,
  announceApprovalChange,
  askSecondAdmin,
  movedAloneCents,
  needsSecondAdmin,
  pendingApprovalOf,
  SOLO_WINDOW_MS,
  adminDecision,
  SelfDecisionError,
  type AdminDecisionRequest,
} from '../approvals';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import { type OperationResult, transactionAnswer } from '../ledger';
import type { TransactionRow } from '../../db/schema';
import { notify } from '../notifications';
import { fourEyesThresholdCents } from '../settings';
import { requireUndeletedOwner } from '../users';
import { decideOrThrow, findTransaction, lockTransaction } from './transactions.service';

/** What differs between the admin decisions on a pending deposit or withdrawal. */
export interface TransactionDecision {
  kind: 'deposit' | 'withdrawal';
  /** success: approved (deposit) or paid (withdrawal); failed: rejected with `reason`. */
  outcome: { status: 'success' } | { status: 'failed'; reason: string };
  /** The audit action (`deposit.approved`, `withdrawal.rejected`...) and its details. */
  action: AuditAction;
  details: (row: TransactionRow) => Record<string, unknown>;
  /** The alert the owner receives (in-app, and by e-mail in their language unless turned off). */
  notice: (row: TransactionRow) => NotificationEvent;
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
  // The owner's row first (users rows before any other, as every request's standing check
  // takes its actor's): money reaches only an account that still exists; a deleted one's
  // request can still be rejected.
  if (outcome.status === 'success') {
    const pending = await findTransaction(tx, params.id);
    if (pending) await requireUndeletedOwner(tx, pending.userId);
  }
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
  const told = await notify(ctx, tx, row.userId, decision.notice(row));
  await recordAudit(tx, {
    actorId: params.adminId,
    action: decision.action,
    targetType: 'transaction',
    targetId: row.transactionId,
    ip: params.ip,
    details: decision.details(row),
  });
  const plain = transactionAnswer(ctx, row, 200);
  const answer = {
    ...plain,
    afterCommit: () => {
      plain.afterCommit();
      told();
    },
  };
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
  request: {
    admin: UserRow;
    id: string;
    verb: string;
    key: string | undefined;
    ip: string;
    /** What else the admin sent (a payout's proof): a retried key must send the same. */
    body?: Record<string, unknown>;
  },
  decision: TransactionDecision & {
    instead?: (tx: Tx, keyId: bigint | null) => Promise<OperationResult<T> | undefined>;
  },
) {
  const { admin, id, ip } = request;
  const payload = {
    ...request.body,
    ...(decision.outcome.status === 'failed' ? { reason: decision.outcome.reason } : {}),
  };
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
  decision: Pick<TransactionDecision, 'kind' | 'notice' | 'book'>,
) {
  return decideTransaction(
    ctx,
    { ...request, verb: 'reject' },
    {
      ...decision,
      outcome: { status: 'failed', reason },
      action: decision.kind === 'deposit' ? 'deposit.rejected' : 'withdrawal.rejected',
      details: (row) => ({ userId: row.userId, reason }),
    },
  );
}

/**
 * The maker's half of a deposit approval or payout above the four-eyes threshold (the caller's
 * `instead`): under the row's lock, the same refusals as the decision itself (404, own money,
 * already decided, a deleted owner), then one waiting approval; nothing is booked and the deposit
 * or withdrawal stays pending (a withdrawal with its hold). Answers 202 with the approval.
 */
export async function askSecondAdminToDecide(
  ctx: AppContext,
  tx: Tx,
  params: { kind: 'deposit' | 'withdrawal'; id: string; adminId: string; ip: string },
): Promise<OperationResult<{ approval: Approval }>> {
  const { kind } = params;
  const row = await lockTransaction(tx, params.id);
  if (!row || row.kind !== kind) {
    throw refusal(kind === 'deposit' ? 'DEPOSIT_NOT_FOUND' : 'WITHDRAWAL_NOT_FOUND');
  }
  const verb = kind === 'deposit' ? 'approve' : 'pay';
  if (row.userId === params.adminId) {
    throw new SelfDecisionError(`${kind}.${verb}`, 'transaction', row.transactionId);
  }
  if (row.status !== 'pending') {
    const succeeded = row.status === 'success';
    throw kind === 'deposit'
      ? refusal('DEPOSIT_ALREADY_DECIDED', { outcome: succeeded ? 'approved' : 'rejected' })
      : refusal('WITHDRAWAL_ALREADY_DECIDED', { outcome: succeeded ? 'paid' : 'rejected' });
  }
  await requireUndeletedOwner(tx, row.userId);
  const approval = await askSecondAdmin(
    tx,
    {
      kind: kind === 'deposit' ? 'deposit_approval' : 'withdrawal_payout',
      userId: row.userId,
      amountCents: row.amountCents,
      bucket: null,
      reason: null,
      transactionId: row.id,
      requestedBy: params.adminId,
      requestedAt: ctx.clock.now(),
    },
    {
      ip: params.ip,
      targetType: 'transaction',
      targetId: row.transactionId,
      details: { userId: row.userId, amountCents: row.amountCents.toString() },
    },
  );
  return {
    status: 202,
    body: { approval },
    afterCommit: () => announceApprovalChange(ctx, row.userId, row.transactionId),
  };
}

/**
 * The four-eyes check before a deposit approval or a payout (the caller's `instead`): when the
 * amount, with what this admin moved alone for the owner in the last 24 hours, needs a second
 * admin, one is asked (askSecondAdminToDecide, 202); otherwise undefined and the decision goes on.
 */
export async function askSecondAdminAboveThreshold(
  ctx: AppContext,
  tx: Tx,
  params: { kind: 'deposit' | 'withdrawal'; id: string; adminId: string; ip: string },
): Promise<OperationResult<{ approval: Approval }> | undefined> {
  const { kind, adminId } = params;
  const found = await findTransaction(tx, params.id);
  if (!found || found.kind !== kind) {
    throw refusal(kind === 'deposit' ? 'DEPOSIT_NOT_FOUND' : 'WITHDRAWAL_NOT_FOUND');
  }
  const solo = await movedAloneCents(tx, {
    adminId,
    userId: found.userId,
    what: kind === 'deposit' ? 'deposit' : 'payout',
    since: new Date(ctx.clock.now().getTime() - SOLO_WINDOW_MS),
  });
  const threshold = await fourEyesThresholdCents(tx);
  if (!needsSecondAdmin(found.amountCents, threshold, solo)) return undefined;
  return askSecondAdminToDecide(ctx, tx, { ...params, id: found.id });
}

/** Who carried out a decision a second admin approved: the maker, the checker and the approval. */
export interface ApprovedDecision {
  requestedBy?: string;
  approvalId?: string;
}

/** A deposit approval or payout to settle: by whom, and with the maker when a second admin approved it. */
export type ApprovedDecisionParams = {
  id: string;
  adminId: string;
  keyId: bigint | null;
  ip: string;
} & ApprovedDecision;

/** The audit details naming both admins of an approved decision (none for a decision alone). */
export function approvedBoth(adminId: string, approval: ApprovedDecision): Record<string, unknown> {
  return approval.requestedBy
    ? { requestedBy: approval.requestedBy, approvedBy: adminId, approvalId: approval.approvalId }
    : {};
}

/**
 * Under the deposit's or withdrawal's lock: refused (409 APPROVAL_PENDING) while an approval waits
 * on it, unless it is the one being carried out; so an approval asked for at the same instant is
 * either seen here or finds the row no longer pending.
 */
export async function refuseWhileApprovalWaits(
  tx: Tx,
  transactionId: string,
  carriedOut?: string,
): Promise<void> {
  const waiting = await pendingApprovalOf(tx, transactionId);
  if (waiting && waiting.id !== carriedOut) throw refusal('APPROVAL_PENDING');
}

/**
 * The approval handler of a deposit or withdrawal that waited for a second admin (registered by
 * deposits and withdrawals): `book` settles the transaction inside the checker's transaction.
 */
export function carryOutTransactionApproval(
  book: (
    ctx: AppContext,
    tx: Tx,
    params: ApprovedBy & { id: string },
  ) => Promise<{ row: TransactionRow; answer: OperationResult<Answer> }>,
): ApprovalHandler {
  return async (ctx, tx, approval, by) => {
    if (approval.transactionId === null) {
      throw new Error(`approval ${approval.id} has no transaction`);
    }
    const { row, answer } = await book(ctx, tx, { id: approval.transactionId, ...by });
    // A deposit's booking on platform:cash waits for the end (lastWrites); here that is now.
    await answer.lastWrites?.();
    return { row, announce: answer.afterCommit ?? (() => {}) };
  };
}
