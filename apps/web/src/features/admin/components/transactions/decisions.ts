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

/** What the admin types in the confirmation: a rejection's reason, a rail payout's hash. */
export interface DecisionInput {
  reason: string;
  txHash?: string;
}

/**
 * The crypto rail a withdrawal was asked on (kept in its payout details): paying it takes the
 * payout's transaction hash, which the server checks on that chain.
 */
export function payoutRail(transaction: Pick<AdminTransaction, 'kind' | 'payoutDetails'>) {
  const network = transaction.payoutDetails?.railNetwork;
  const token = transaction.payoutDetails?.railToken;
  return transaction.kind === 'withdrawal' && network && token ? { network, token } : null;
}

/** A rejection asks for a reason, which the user sees. */
export function isRejection(decision: Decision): boolean {
  return decision === 'rejectDeposit' || decision === 'rejectWithdrawal';
}

/** Sends the decision; a rejection carries its reason, a rail payout its hash. */
export function decide(open: OpenDecision, { reason, txHash }: DecisionInput) {
  const { transaction, idempotencyKey } = open;
  switch (open.decision) {
    case 'approve':
      return adminApi.approveDeposit(transaction.id, idempotencyKey);
    case 'rejectDeposit':
      return adminApi.rejectDeposit(transaction.id, reason, idempotencyKey);
    case 'pay':
      return adminApi.payWithdrawal(transaction.id, idempotencyKey, txHash);
    case 'rejectWithdrawal':
      return adminApi.rejectWithdrawal(transaction.id, reason, idempotencyKey);
  }
}
