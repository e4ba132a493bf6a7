import { ENTRY_KINDS, type EntryKind } from '@app/shared/schemas/kinds';
import {
  PRACTICE_GRANTS,
  accountBook,
  accountCode,
  bookAccount,
  platformAccount,
  userAccount,
  type AccountRef,
} from './accounts';
import { LedgerError } from './errors';

export {
  BONUS_ENTRY_KINDS,
  ENTRY_KINDS,
  PRACTICE_PROFIT_ENTRY_KINDS,
  PROFIT_ENTRY_KINDS,
  type EntryKind,
} from '@app/shared/schemas/kinds';

export interface Posting {
  account: AccountRef;
  code: string;
  amount: bigint;
}

export interface EntryDraft {
  kind: EntryKind;
  description: string;
  postings: Posting[];
}

export interface Move {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
}

/**
 * One balanced entry from a list of moves (each takes `amount` from `from` and gives it to `to`).
 * Postings on the same account are merged; a move of 0 adds nothing. The result has at least two
 * non-zero postings summing to zero, or this throws.
 */
export function entryFromMoves(kind: EntryKind, description: string, moves: Move[]): EntryDraft {
  const byCode = new Map<string, Posting>();
  const add = (account: AccountRef, amount: bigint) => {
    const code = accountCode(account);
    const existing = byCode.get(code);
    if (existing) existing.amount += amount;
    else byCode.set(code, { account, code, amount });
  };
  for (const move of moves) {
    if (move.amount < 0n) throw new LedgerError(`a move amount cannot be negative`);
    add(move.from, -move.amount);
    add(move.to, move.amount);
  }
  const postings = [...byCode.values()]
    .filter((p) => p.amount !== 0n)
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const draft = { kind, description, postings };
  assertBalanced(draft);
  return draft;
}

export function assertBalanced(entry: EntryDraft): void {
  if (entry.postings.length < 2) throw new LedgerError('an entry needs at least two postings');
  let sum = 0n;
  const seen = new Set<string>();
  const book = entry.postings[0] && accountBook(entry.postings[0].account);
  for (const posting of entry.postings) {
    // No entry spans the two books (issue 42; ledger_post_entry refuses one as well).
    if (accountBook(posting.account) !== book) throw new LedgerError('an entry spans two books');
    if (posting.amount === 0n) throw new LedgerError('a posting cannot be zero');
    if (seen.has(posting.code)) throw new LedgerError(`account ${posting.code} posted twice`);
    seen.add(posting.code);
    sum += posting.amount;
  }
  if (sum !== 0n) throw new LedgerError(`entry does not sum to zero (${sum})`);
}

const positive = (amount: bigint, what: string) => {
  if (amount <= 0n) throw new LedgerError(`${what} must be positive`);
};

// The operations of the money issue ------------------------------------------------------------

/** A deposit the operator received: platform cash → user available. */
export function depositApproved(userId: string, amount: bigint, description: string): EntryDraft {
  positive(amount, 'deposit');
  return entryFromMoves(ENTRY_KINDS.deposit, description, [
    { from: platformAccount('cash'), to: userAccount(userId, 'available'), amount },
  ]);
}

/** A withdrawal request holds the whole amount: available → withdrawal_hold. */
export function withdrawalHeld(userId: string, amount: bigint, description: string): EntryDraft {
  positive(amount, 'withdrawal');
  return entryFromMoves(ENTRY_KINDS.withdrawalHold, description, [
    { from: userAccount(userId, 'available'), to: userAccount(userId, 'withdrawal_hold'), amount },
  ]);
}

/** Paid out: the hold goes to payouts (net) and fee income (fee). */
export function withdrawalPaid(
  userId: string,
  amount: bigint,
  fee: bigint,
  description: string,
): EntryDraft {
  positive(amount, 'withdrawal');
  if (fee < 0n || fee >= amount)
    throw new LedgerError('fee must be at least 0 and below the amount');
  const hold = userAccount(userId, 'withdrawal_hold');
  return entryFromMoves(ENTRY_KINDS.withdrawalPay, description, [
    { from: hold, to: platformAccount('payouts'), amount: amount - fee },
    { from: hold, to: platformAccount('fee_income'), amount: fee },
  ]);
}

/** Rejected: the hold goes back to available. */
export function withdrawalReleased(
  userId: string,
  amount: bigint,
  description: string,
): EntryDraft {
  positive(amount, 'withdrawal');
  return entryFromMoves(ENTRY_KINDS.withdrawalRelease, description, [
    { from: userAccount(userId, 'withdrawal_hold'), to: userAccount(userId, 'available'), amount },
  ]);
}

export type AdjustmentBucket = 'balance' | 'profit' | 'bonus';

/**
 * An admin adjustment with a reason. Balance may go either way (against `adjustments`); profit
 * and bonus are credits only (from `adjustments` and `bonuses`).
 */
export function adjustment(
  userId: string,
  bucket: AdjustmentBucket,
  amount: bigint,
  description: string,
): EntryDraft {
  if (amount === 0n) throw new LedgerError('adjustment cannot be zero');
  const available = userAccount(userId, 'available');
  if (bucket === 'balance') {
    return entryFromMoves(
      ENTRY_KINDS.adjustmentBalance,
      description,
      amount > 0n
        ? [{ from: platformAccount('adjustments'), to: available, amount }]
        : [{ from: available, to: platformAccount('adjustments'), amount: -amount }],
    );
  }
  positive(amount, `${bucket} adjustment`);
  return bucket === 'profit'
    ? entryFromMoves(ENTRY_KINDS.adjustmentProfit, description, [
        { from: platformAccount('adjustments'), to: available, amount },
      ])
    : entryFromMoves(ENTRY_KINDS.adjustmentBonus, description, [
        { from: platformAccount('bonuses'), to: available, amount },
      ]);
}

/** The referral programme's bonus (booked when the referred account is activated). */
export function referralBonus(userId: string, amount: bigint, description: string): EntryDraft {
  positive(amount, 'bonus');
  return entryFromMoves(ENTRY_KINDS.referralBonus, description, [
    { from: platformAccount('bonuses'), to: userAccount(userId, 'available'), amount },
  ]);
}

// The practice book (issue 42) ----------------------------------------------------------------

/** The practice account opens with its virtual balance: practice_grants → practice_available. */
export function practiceStarted(userId: string, amount: bigint, description: string): EntryDraft {
  positive(amount, 'practice balance');
  return entryFromMoves(ENTRY_KINDS.practiceStart, description, [
    { from: PRACTICE_GRANTS, to: bookAccount('practice', userId, 'available'), amount },
  ]);
}

/**
 * Back to the starting balance: practice_available moves by the difference, to or from
 * practice_grants. Undefined when it already holds exactly that (nothing to book).
 */
export function practiceReset(
  userId: string,
  balance: bigint,
  starting: bigint,
  description: string,
): EntryDraft | undefined {
  positive(starting, 'practice balance');
  if (balance === starting) return undefined;
  const available = bookAccount('practice', userId, 'available');
  return entryFromMoves(
    ENTRY_KINDS.practiceReset,
    description,
    balance < starting
      ? [{ from: PRACTICE_GRANTS, to: available, amount: starting - balance }]
      : [{ from: available, to: PRACTICE_GRANTS, amount: balance - starting }],
  );
}
