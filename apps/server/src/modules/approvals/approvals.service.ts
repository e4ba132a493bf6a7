import type { ApprovalDecision, ApprovalList, ApprovalStatus } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import { toTransaction } from '../ledger';
import type { ApprovalHandlers } from './approval-handlers';
import { toApproval } from './approval.view';
import { announceApprovalChange, approvalView } from './approvals.common';
import { decideApproval, listApprovalViews, lockApproval } from './approvals.repo';
import type { MoneyApprovalRow } from './approvals.schema';
import {
  adminDecision,
  SecondAdminRequiredError,
  SelfDecisionError,
  type AdminDecisionRequest,
} from './self-decision';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listApprovals(
  ctx: AppContext,
  status: ApprovalStatus,
): Promise<ApprovalList> {
  const rows = await listApprovalViews(ctx.db, { status, limit: 200 });
  return { items: rows.map(toApproval) };
}

/**
 * Locks a waiting approval for a checker: 404 unknown, 409 already decided, 403 when the checker
 * is the maker (SECOND_ADMIN_REQUIRED) or the money is the checker's own (SELF_DECISION_FORBIDDEN).
 */
async function lockForChecker(
  tx: Tx,
  id: string,
  checker: UserRow,
  operation: string,
): Promise<MoneyApprovalRow> {
  const approval = UUID.test(id) ? await lockApproval(tx, id) : undefined;
  if (!approval) throw refusal('APPROVAL_NOT_FOUND');
  if (approval.status === 'approved')
    throw refusal('APPROVAL_ALREADY_DECIDED', { outcome: 'approved' });
  if (approval.status === 'rejected')
    throw refusal('APPROVAL_ALREADY_DECIDED', { outcome: 'rejected' });
  if (approval.requestedBy === checker.id) {
    throw new SecondAdminRequiredError(operation, 'approval', approval.id);
  }
  if (approval.userId === checker.id)
    throw new SelfDecisionError(operation, 'approval', approval.id);
  return approval;
}

/** The checker's decision in the audit log, with what the approval was about. */
function auditApprovalDecision(
  tx: Tx,
  approval: MoneyApprovalRow,
  checker: UserRow,
  ip: string,
  action: 'approval.approved' | 'approval.rejected',
  extra: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, {
    actorId: checker.id,
    action,
    targetType: 'approval',
    targetId: approval.id,
    ip,
    details: {
      kind: approval.kind,
      userId: approval.userId,
      amountCents: approval.amountCents.toString(),
      requestedBy: approval.requestedBy,
      ...extra,
    },
  });
}

/**
 * The checker approves: the approval is marked approved and what it asked for is booked, in one
 * transaction, exactly once (the approval's row lock and its pending → approved move; a retry
 * with the same Idempotency-Key gets the first answer). What it asked for is carried out by the
 * handler its module registered for its kind (approval-handlers.ts).
 */
export async function approve(
  ctx: AppContext,
  handlers: ApprovalHandlers,
  request: AdminDecisionRequest,
) {
  const { admin: checker, id, key, ip } = request;
  return adminDecision<ApprovalDecision>(
    ctx,
    { adminId: checker.id, ip },
    { scope: `POST /api/admin/approvals/${id}/approve`, key, payload: {} },
    async (tx, keyId) => {
      const approval = await lockForChecker(tx, id, checker, 'approval.approve');
      const now = ctx.clock.now();
      const by = {
        adminId: checker.id,
        keyId,
        ip,
        requestedBy: approval.requestedBy,
        approvalId: approval.id,
      };
      const { row: transactionRow, announce } = await handlers.carryOut(ctx, tx, approval, by);
      await decideApproval(tx, approval.id, {
        status: 'approved',
        decidedBy: checker.id,
        decidedAt: now,
        ...(transactionRow ? { transactionId: transactionRow.id } : {}),
      });
      const transactionId = transactionRow?.transactionId;
      await auditApprovalDecision(tx, approval, checker, ip, 'approval.approved', {
        ...(transactionId ? { transactionId } : {}),
      });
      return {
        status: 200,
        body: {
          approval: await approvalView(tx, approval.id),
          transaction: transactionRow ? toTransaction(transactionRow) : null,
        },
        afterCommit: () => {
          ctx.mailer.kick();
          announceApprovalChange(ctx, approval.userId, transactionId);
          announce();
        },
      };
    },
  );
}

/**
 * The checker rejects: nothing is booked. A payout's withdrawal stays pending with its hold, for
 * a new decision (pay again, which asks for a new approval, or reject the withdrawal).
 */
export async function reject(ctx: AppContext, request: AdminDecisionRequest, reason: string) {
  const { admin: checker, id, key, ip } = request;
  return adminDecision<ApprovalDecision>(
    ctx,
    { adminId: checker.id, ip },
    { scope: `POST /api/admin/approvals/${id}/reject`, key, payload: { reason } },
    async (tx) => {
      const approval = await lockForChecker(tx, id, checker, 'approval.reject');
      await decideApproval(tx, approval.id, {
        status: 'rejected',
        decidedBy: checker.id,
        decidedAt: ctx.clock.now(),
        rejectionReason: reason,
      });
      await auditApprovalDecision(tx, approval, checker, ip, 'approval.rejected', { reason });
      return {
        status: 200,
        body: { approval: await approvalView(tx, approval.id), transaction: null },
        afterCommit: () => announceApprovalChange(ctx, approval.userId),
      };
    },
  );
}
