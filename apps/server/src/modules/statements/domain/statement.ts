/**
 * The account statement, pure: which ledger movements it lists, how they add up, and the rules of
 * its date range. No I/O and no clock (the caller passes `today`).
 *
 * WHICH BALANCE. A statement is of the user's **cash**: their `available` account plus their
 * `withdrawal_hold` account (docs/product.md section 5), the same "cash" the dashboard adds to the
 * value of open trades. Money a pending withdrawal holds is still the user's until it is paid, so
 * a withdrawal leaves the statement once, when it is paid (gross, with its fee); a request and its
 * rejection move money only between the two cash accounts and list nothing. Money invested in a
 * trade leaves cash when the trade opens ("Invested") and comes back when it closes ("Returned
 * from trades": the payout after any performance fee); the realised profit or loss and the fee
 * are shown beside the movements, not as movements of cash.
 *
 * So for every statement: opening + Σ movements = closing, and both ends are the sum of the
 * user's cash postings booked before that instant, i.e. the ledger balance at that date.
 */

/** Journal entry kinds as the ledger books them (ledger/domain/entries.ts, copy-trading ledger). */
export const STATEMENT_CATEGORIES = [
  'deposits',
  'withdrawals',
  'invested',
  'returnedFromTrades',
  'performanceFeesReceived',
  'bonuses',
  'adjustments',
  'other',
] as const;
export type StatementCategory = (typeof STATEMENT_CATEGORIES)[number];

const CATEGORY_OF_ENTRY_KIND: Record<EntryKind, StatementCategory> = {
  deposit: 'deposits',
  'withdrawal.pay': 'withdrawals',
  // A hold and its release move money between the two cash accounts: never a movement of cash.
  'withdrawal.hold': 'withdrawals',
  'withdrawal.release': 'withdrawals',
  'trade.open': 'invested',
  'trade.close': 'returnedFromTrades',
  'trade.fee': 'performanceFeesReceived',
  'bonus.referral': 'bonuses',
  'adjustment.bonus': 'bonuses',
  'adjustment.balance': 'adjustments',
  'adjustment.profit': 'adjustments',
  // Practice entries move only practice accounts, which a statement never reads (issue 42).
  'practice.start': 'other',
  'practice.reset': 'other',
  'practice.trade.open': 'other',
  'practice.trade.close': 'other',
  'practice.trade.fee': 'other',
};

/**
 * Where an entry kind is summed (every kind has its category: the type refuses a new kind without
 * one); a kind read from older rows that this build does not know is `other`, never lost.
 */
export function categoryOf(entryKind: string): StatementCategory {
  return Object.hasOwn(CATEGORY_OF_ENTRY_KIND, entryKind)
    ? CATEGORY_OF_ENTRY_KIND[entryKind as EntryKind]
    : 'other';
}

/**
 * The short name of a movement (the statement's Type column): its category's, except money back
 * from a trade that stays open: part of it taken out, or its profit claimed, never "Trade closed".
 */
export const STATEMENT_TYPES = [...STATEMENT_CATEGORIES, 'fundsTakenOut', 'profitClaimed'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

export function typeOf(line: {
  category: StatementCategory;
  transactionKind?: string | null;
}): StatementType {
  if (line.category === 'returnedFromTrades') {
    if (line.transactionKind === 'trade_remove') return 'fundsTakenOut';
    if (line.transactionKind === 'profit_claim') return 'profitClaimed';
  }
  return line.category;
}

/** One journal entry as it touched the user's cash (cents). */
export interface CashMovement {
  entryId: bigint;
  entryKind: string;
  at: Date;
  /** The user-facing TNX id, when the entry belongs to a transaction. */
  transactionId: string | null;
  /** That transaction's kind (a trade's close, removal or profit claim), when there is one. */
  transactionKind?: string | null;
  description: string;
  /** That transaction's description as a code and parameters (null before codes, or none). */
  descriptionParts?: TransactionDescription | null;
  /** Net change of the user's cash accounts; never 0 (such entries are not movements). */
  amount: bigint;
  /** For a paid withdrawal: the part of `amount` kept as the withdrawal fee; else 0. */
  fee: bigint;
}

export interface StatementLine extends CashMovement {
  category: StatementCategory;
  /** Cash after this movement. */
  balance: bigint;
}

export type CategoryTotals = Record<StatementCategory, bigint>;

export const zeroTotals = (): CategoryTotals =>
  Object.fromEntries(STATEMENT_CATEGORIES.map((c) => [c, 0n])) as CategoryTotals;

/** What the statement says next to the movements (not movements of cash themselves). */
export interface StatementFacts {
  /** Withdrawal fees inside the paid withdrawals (positive). */
  withdrawalFees: bigint;
  /** Closed trades: payout − amount invested, after performance fee. */
  realisedProfitLoss: bigint;
  /** Performance fees charged on the user's closed trades (positive). */
  performanceFeesPaid: bigint;
  /** Cash held for pending withdrawals at the closing date (part of the closing balance). */
  heldAtClose: bigint;
}

export interface StatementTotals {
  opening: bigint;
  closing: bigint;
  movements: number;
  byCategory: CategoryTotals;
}

/**
 * Folds movements into lines with a running balance, in booking order. `totals()` at the end
 * gives the closing balance and the sum per category; `reconciles(expected)` checks them against
 * what the ledger said independently (an aggregate read in the same snapshot).
 */
export class StatementBuilder {
  private balance: bigint;
  private count = 0;
  private readonly byCategory = zeroTotals();

  constructor(readonly opening: bigint) {
    this.balance = opening;
  }

  add(movement: CashMovement): StatementLine {
    if (movement.amount === 0n) throw new Error(`entry ${movement.entryId} moved no cash`);
    const category = categoryOf(movement.entryKind);
    this.balance += movement.amount;
    this.byCategory[category] += movement.amount;
    this.count += 1;
    return { ...movement, category, balance: this.balance };
  }

  totals(): StatementTotals {
    return {
      opening: this.opening,
      closing: this.balance,
      movements: this.count,
      byCategory: { ...this.byCategory },
    };
  }
}

/** The statement's own arithmetic: opening + every category = closing. */
export function closingFrom(opening: bigint, byCategory: CategoryTotals): bigint {
  return STATEMENT_CATEGORIES.reduce((sum, category) => sum + byCategory[category], opening);
}

/** Sums per-entry-kind cash nets (the ledger's aggregate) into categories. */
export function totalsByCategory(netByEntryKind: Iterable<[string, bigint]>): CategoryTotals {
  const totals = zeroTotals();
  for (const [kind, net] of netByEntryKind) totals[categoryOf(kind)] += net;
  return totals;
}

// The date range: one rule for the server and the web (@app/shared/statement-range).
export {
  MAX_RANGE_DAYS,
  checkRange,
  dayStart,
  utcDay,
  type RangeProblem,
  type StatementRange,
} from '@app/shared/statement-range';
import type { EntryKind } from '@app/shared/schemas/kinds';
import type { TransactionDescription } from '@app/shared/schemas/transaction-descriptions';
import type { StatementRange } from '@app/shared/statement-range';

const slugOf = (brand: string) =>
  brand
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'account';

/** The download's file name: `<brand>-statement-<from>-to-<to>.<ext>`, ASCII only. */
export function statementFileName(brand: string, range: StatementRange, ext: 'csv' | 'pdf') {
  return `${slugOf(brand)}-statement-${range.from}-to-${range.to}.${ext}`;
}

/** `<brand>-annual-summary-<year>.<ext>`, ASCII only. */
export function annualFileName(brand: string, year: number, ext: 'csv' | 'pdf') {
  return `${slugOf(brand)}-annual-summary-${year}.${ext}`;
}

/** `<brand>-<what>.csv` for the operator's exports, ASCII only. */
export function exportFileName(brand: string, what: string) {
  return `${slugOf(brand)}-${what}.csv`;
}

/** `<brand>-trade-history-<day>.csv` (the day it was made), ASCII only. */
export function tradeHistoryFileName(brand: string, day: string) {
  return `${slugOf(brand)}-trade-history-${day}.csv`;
}
