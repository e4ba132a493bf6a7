import {
  ENTRY_KINDS,
  entryFromMoves,
  platformAccount,
  userAccount,
  type AccountRef,
  type EntryDraft,
} from '../../ledger/domain';

/**
 * The platform's counterparty for followers' market P&L: a trade closed above its amount is paid
 * the difference from here; a trade closed below it leaves the difference here. Opened on first
 * use, like every ledger account.
 */
export const STRATEGY_PNL = platformAccount('strategy_pnl');

/** Investing: available → invested. */
export function tradeOpenedEntry(userId: string, amount: bigint, description: string): EntryDraft {
  return entryFromMoves(ENTRY_KINDS.tradeOpen, description, [
    { from: userAccount(userId, 'available'), to: userAccount(userId, 'invested'), amount },
  ]);
}

/**
 * Closing: the invested amount leaves `invested`, the payout (value − fee) reaches `available`,
 * and the difference is booked against STRATEGY_PNL (which then pays the fee in its own entry).
 * The net change of the user's own accounts is the realised profit after fee.
 */
export function tradeClosedEntry(
  userId: string,
  amount: bigint,
  payout: bigint,
  description: string,
): EntryDraft {
  const invested = userAccount(userId, 'invested');
  const available = userAccount(userId, 'available');
  return entryFromMoves(ENTRY_KINDS.tradeClose, description, [
    { from: invested, to: available, amount: payout < amount ? payout : amount },
    ...(payout > amount ? [{ from: STRATEGY_PNL, to: available, amount: payout - amount }] : []),
    ...(payout < amount ? [{ from: invested, to: STRATEGY_PNL, amount: amount - payout }] : []),
  ]);
}

/** The performance fee, out of the market P&L, to the lead trader (or the platform's fee income). */
export function performanceFeeEntry(leadTraderId: string | null, fee: bigint, description: string) {
  return entryFromMoves(ENTRY_KINDS.tradeFee, description, [
    { from: STRATEGY_PNL, to: feeRecipient(leadTraderId), amount: fee },
  ]);
}

function feeRecipient(leadTraderId: string | null): AccountRef {
  return leadTraderId ? userAccount(leadTraderId, 'available') : platformAccount('fee_income');
}
