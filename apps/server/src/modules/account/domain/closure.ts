import type { AccountCloseBlocker } from '@app/shared/schemas/account';

/** What closing an account depends on, read from the ledger and the user's role. */
export interface ClosureFacts {
  isStaff: boolean;
  openTradesCount: number;
  pendingWithdrawalsCount: number;
  pendingDepositsCount: number;
  availableCents: bigint;
}

/**
 * Why an account cannot close yet, in the order the owner should deal with them: staff close
 * through support; an open trade is money still at work; a pending withdrawal or deposit is money
 * on its way; what is left available must be withdrawn first (money can always leave, and a closed
 * account could not withdraw it). Empty: the account can close.
 */
export function closureBlockers(facts: ClosureFacts): AccountCloseBlocker[] {
  const blockers: AccountCloseBlocker[] = [];
  if (facts.isStaff) blockers.push('staff');
  if (facts.openTradesCount > 0) blockers.push('trades_open');
  if (facts.pendingWithdrawalsCount > 0) blockers.push('withdrawal_pending');
  if (facts.pendingDepositsCount > 0) blockers.push('deposit_pending');
  if (facts.availableCents !== 0n) blockers.push('money_left');
  return blockers;
}
