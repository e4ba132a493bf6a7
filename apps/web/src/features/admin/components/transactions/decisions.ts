import type { AdminTransaction } from '../../api';
import { adminApi } from '../../api';

/** What an admin decides on a pending deposit or withdrawal. */
export type Decision = 'approve' | 'rejectDeposit' | 'pay' | 'rejectWithdrawal';

export interface OpenDecision {
  decision: Decision;
  transaction: AdminTransaction;
  /** Generated when the confirmation opens: a double click or a retry books once. */
  idempotencyKey: string;
}

/** The toasts' keys (admin namespace) of each decision. */
export const DECISION_TOASTS: Record<
  Decision,
  { success: string; failure: string; waiting?: string }
> = {
  approve: {
    success: 'toasts.depositApproved',
    failure: 'toasts.depositApproveFailed',
    waiting: 'toasts.depositAwaitingApproval',
  },
  rejectDeposit: { success: 'toasts.depositRejected', failure: 'toasts.depositRejectFailed' },
  pay: {
    success: 'toasts.withdrawalPaid',
    failure: 'toasts.withdrawalPayFailed',
    waiting: 'toasts.payoutAwaitingApproval',
  },
  rejectWithdrawal: {
    success: 'toasts.withdrawalRejected',
    failure: 'toasts.withdrawalRejectFailed',
  },
};

/** A rejection asks for a reason, which the user sees. */
export function isRejection(decision: Decision): boolean {
  return decision === 'rejectDeposit' || decision === 'rejectWithdrawal';
}

/** Sends the decision; a rejection carries its reason. */
export function decide(open: OpenDecision, reason: string) {
  const { transaction, idempotencyKey } = open;
  switch (open.decision) {
    case 'approve':
      return adminApi.approveDeposit(transaction.id, idempotencyKey);
    case 'rejectDeposit':
      return adminApi.rejectDeposit(transaction.id, reason, idempotencyKey);
    case 'pay':
      return adminApi.payWithdrawal(transaction.id, idempotencyKey);
    case 'rejectWithdrawal':
      return adminApi.rejectWithdrawal(transaction.id, reason, idempotencyKey);
  }
}
