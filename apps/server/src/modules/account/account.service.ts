import type { AccountSummary } from '@app/shared/schemas/account';
import type { Book } from '@app/shared/schemas/kinds';
import type { AppContext } from '../../context';
import {
  BONUS_ENTRY_KINDS,
  ENTRY_KINDS,
  PRACTICE_PROFIT_ENTRY_KINDS,
  PROFIT_ENTRY_KINDS,
  practiceAccountOf,
  toTransaction,
} from '../ledger';
import { valueOpenTrades } from '../copy-trading';
import { accountFigures } from './account.repo';
import { allocation } from './domain/allocation';
import { closureBlockers, type ClosureFacts } from './domain/closure';
import { percentUp } from './domain/percent-up';

const sumOf = (byKind: Map<string, bigint>, kinds: readonly string[]) =>
  kinds.reduce((total, kind) => total + (byKind.get(kind) ?? 0n), 0n);

/**
 * The dashboard's figures, all read from the ledger: balances from the user's accounts, totals
 * from the net movement of the user's accounts per entry kind.
 * Open trades count at their value now (units × NAV), not at cost.
 *
 * The practice book (issue 42) the same way, from its own accounts, copies and entry kinds: no
 * deposits, withdrawals, bonus or pending withdrawals (virtual money has none); the profit is its
 * copies' realised results since the practice account opened (PRACTICE_PROFIT_ENTRY_KINDS, history
 * kept across resets); percentUp is against the balance it last started at (the starting amount
 * plays the part of net deposits), null before it is opened.
 */
export async function summary(
  ctx: AppContext,
  userId: string,
  book: Book = 'real',
): Promise<AccountSummary> {
  // One statement: the figures and the open trades from one snapshot.
  const figures = await accountFigures(ctx.reads, userId, book);
  const trades = await valueOpenTrades(ctx, figures.openTrades);
  const { balances, netByEntryKind: byKind, pendingWithdrawalsCount, recent } = figures;
  const deposits = book === 'real' ? (byKind.get(ENTRY_KINDS.deposit) ?? 0n) : 0n;
  // withdrawal.pay takes the gross amount off the user's hold: its net is minus the withdrawals.
  const withdrawals = book === 'real' ? -(byKind.get(ENTRY_KINDS.withdrawalPay) ?? 0n) : 0n;
  const openTradeValue = trades.reduce((total, trade) => total + BigInt(trade.valueCents), 0n);
  const cash = balances.available + balances.withdrawal_hold;
  const started =
    book === 'practice' ? (await practiceAccountOf(ctx.db, userId))?.startingCents : undefined;
  return {
    availableCents: Number(balances.available),
    heldCents: Number(balances.withdrawal_hold),
    investedCents: Number(balances.invested),
    balanceCents: Number(cash + openTradeValue),
    totalDepositsCents: Number(deposits),
    totalWithdrawalsCents: Number(withdrawals),
    totalProfitCents: Number(
      sumOf(byKind, book === 'real' ? PROFIT_ENTRY_KINDS : PRACTICE_PROFIT_ENTRY_KINDS),
    ),
    totalBonusCents: book === 'real' ? Number(sumOf(byKind, BONUS_ENTRY_KINDS)) : 0,
    percentUp: percentUp({
      balanceCents: cash,
      openTradeValueCents: openTradeValue,
      depositsCents: book === 'real' ? deposits : (started ?? 0n),
      withdrawalsCents: withdrawals,
    }),
    pendingWithdrawalsCount: book === 'real' ? pendingWithdrawalsCount : 0,
    openTrades: trades,
    openTradesValueCents: Number(openTradeValue),
    openTradesProfitCents: trades.reduce((total, trade) => total + trade.profitCents, 0),
    allocation: allocation({
      balanceCents: cash + openTradeValue,
      cashCents: cash,
      trades: trades.map((trade) => ({ id: trade.id, valueCents: BigInt(trade.valueCents) })),
    }),
    recentTransactions: recent.map(toTransaction),
  };
}

/**
 * What stands between the user and closing their account (domain/closure.ts), with the figures
 * behind it: read from the ledger, open trades and pending transactions.
 */
export async function closureOf(
  ctx: AppContext,
  user: { id: string; isAdmin: boolean; isTrader: boolean },
) {
  const figures = await accountFigures(ctx.reads, user.id);
  const facts: ClosureFacts = {
    isStaff: user.isAdmin || user.isTrader,
    openTradesCount: figures.openTrades.length,
    pendingWithdrawalsCount: figures.pendingWithdrawalsCount,
    pendingDepositsCount: figures.pendingDepositsCount,
    availableCents: figures.balances.available,
  };
  return { facts, blockers: closureBlockers(facts) };
}
