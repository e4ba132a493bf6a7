import type { Book } from '@app/shared/schemas/kinds';

/** Ledger accounts, named by a stable code (`user:<uuid>:available`, `platform:cash`). */
export const USER_ACCOUNT_KINDS = ['available', 'withdrawal_hold', 'invested'] as const;
/** A user's real accounts: the only user kinds a real-money code path can name. */
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** A user's practice accounts (issue 42): virtual money, a ledger book of its own. */
export const PRACTICE_USER_ACCOUNT_KINDS = ['practice_available', 'practice_invested'] as const;
export type PracticeUserAccountKind = (typeof PRACTICE_USER_ACCOUNT_KINDS)[number];

/**
 * The platform's side of the books. Convention (pgledger): an account's balance is the sum of its
 * postings; user accounts never go below zero; platform accounts are the counter-side and may be
 * negative (cash is minus what users deposited, payouts plus what was paid out).
 */
export const PLATFORM_ACCOUNT_KINDS = [
  'cash',
  'payouts',
  'fee_income',
  'adjustments',
  'bonuses',
  // The market's side of copy trading: what trades gain or lose against what was invested.
  'strategy_pnl',
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

/**
 * The practice book's platform side: where virtual money comes from and goes back to
 * (`practice_grants`), the market's side of practice copies, and their fees (paid to nobody).
 */
export const PRACTICE_PLATFORM_ACCOUNT_KINDS = [
  'practice_grants',
  'practice_strategy_pnl',
  'practice_fees',
] as const;
export type PracticePlatformAccountKind = (typeof PRACTICE_PLATFORM_ACCOUNT_KINDS)[number];

/**
 * An account of either book. Real code paths build theirs with `userAccount` / `platformAccount`,
 * which take real kinds only; a practice account is reached only through `bookAccount` /
 * `bookPlatformAccount` with an explicit book.
 */
export type AccountRef =
  | { userId: string; kind: UserAccountKind | PracticeUserAccountKind }
  | { platform: PlatformAccountKind | PracticePlatformAccountKind };

export const userAccount = (userId: string, kind: UserAccountKind): AccountRef => ({
  userId,
  kind,
});
export const platformAccount = (kind: PlatformAccountKind): AccountRef => ({ platform: kind });

/** What a copy's money is, whatever its book. */
export type CopyAccountRole = 'available' | 'invested';
/** The platform's side of a copy, whatever its book (fees: when no lead trader is paid). */
export type CopyPlatformRole = 'strategy_pnl' | 'fees';

const USER_KIND_OF: Record<
  Book,
  Record<CopyAccountRole, UserAccountKind | PracticeUserAccountKind>
> = {
  real: { available: 'available', invested: 'invested' },
  practice: { available: 'practice_available', invested: 'practice_invested' },
};
const PLATFORM_KIND_OF: Record<
  Book,
  Record<CopyPlatformRole, PlatformAccountKind | PracticePlatformAccountKind>
> = {
  real: { strategy_pnl: 'strategy_pnl', fees: 'fee_income' },
  practice: { strategy_pnl: 'practice_strategy_pnl', fees: 'practice_fees' },
};

/** A user's account for `role` in `book` (real: available/invested; practice: practice_*). */
export const bookAccount = (book: Book, userId: string, role: CopyAccountRole): AccountRef => ({
  userId,
  kind: USER_KIND_OF[book][role],
});

/** The platform's account for `role` in `book`. */
export const bookPlatformAccount = (book: Book, role: CopyPlatformRole): AccountRef => ({
  platform: PLATFORM_KIND_OF[book][role],
});

/** Where practice money comes from and goes back to (start and reset). */
export const PRACTICE_GRANTS: AccountRef = { platform: 'practice_grants' };

export function accountCode(ref: AccountRef): string {
  return 'platform' in ref ? `platform:${ref.platform}` : `user:${ref.userId}:${ref.kind}`;
}

export function accountKind(ref: AccountRef): string {
  return 'platform' in ref ? ref.platform : ref.kind;
}

/** An account's book follows from its kind, as the database's generated column says (0056). */
export function accountBook(ref: AccountRef): Book {
  return accountKind(ref).startsWith('practice_') ? 'practice' : 'real';
}

export function accountUserId(ref: AccountRef): string | null {
  return 'platform' in ref ? null : ref.userId;
}

/** User accounts may not go below zero (the database CHECK enforces it too). */
export function mustStayNonNegative(ref: AccountRef): boolean {
  return !('platform' in ref);
}
