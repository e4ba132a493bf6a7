import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { closeOwnAccount, LEDGER_RETENTION_YEARS } from '../users';
import { closureOf } from './account.service';

const CLOSE_REFUSALS = {
  staff: () => refusal('ACCOUNT_CLOSE_STAFF'),
  trades_open: () => refusal('ACCOUNT_CLOSE_TRADES_OPEN'),
  withdrawal_pending: () => refusal('ACCOUNT_CLOSE_WITHDRAWAL_PENDING'),
  deposit_pending: () => refusal('ACCOUNT_CLOSE_DEPOSIT_PENDING'),
  money_left: (availableCents: bigint) =>
    refusal('ACCOUNT_CLOSE_MONEY_LEFT', { availableCents: Number(availableCents) }),
} as const;

/** What /profile shows before an owner closes their account: what stands in the way, if anything. */
export async function accountClosure(ctx: AppContext, user: UserRow) {
  const { facts, blockers } = await closureOf(ctx, user);
  return {
    blockers,
    availableCents: Number(facts.availableCents),
    openTradesCount: facts.openTradesCount,
    pendingWithdrawalsCount: facts.pendingWithdrawalsCount,
    pendingDepositsCount: facts.pendingDepositsCount,
    ledgerRetentionYears: LEDGER_RETENTION_YEARS,
  };
}

/**
 * The owner closes their own account with their password (the users module's close): refused
 * while money is at work, on its way or left, with the first reason as a code. Anything that could
 * still move money in or out (a trade, a withdrawal, a deposit under review) is itself a reason.
 */
export function closeAccount(
  ctx: AppContext,
  user: UserRow,
  password: string,
  ip: string,
): Promise<void> {
  return closeOwnAccount(ctx, user, { password, ip }, async (locked) => {
    const { facts, blockers } = await closureOf(ctx, locked);
    const [first] = blockers;
    if (first === 'money_left') throw CLOSE_REFUSALS.money_left(facts.availableCents);
    if (first) throw CLOSE_REFUSALS[first]();
  });
}
