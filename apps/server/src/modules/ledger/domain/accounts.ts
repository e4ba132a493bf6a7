/** Ledger accounts, named by a stable code (`user:<uuid>:available`, `platform:cash`). */
export const USER_ACCOUNT_KINDS = ['available', 'withdrawal_hold', 'invested'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

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

export type AccountRef =
  { userId: string; kind: UserAccountKind } | { platform: PlatformAccountKind };

export const userAccount = (userId: string, kind: UserAccountKind): AccountRef => ({
  userId,
  kind,
});
export const platformAccount = (kind: PlatformAccountKind): AccountRef => ({ platform: kind });

export function accountCode(ref: AccountRef): string {
  return 'platform' in ref ? `platform:${ref.platform}` : `user:${ref.userId}:${ref.kind}`;
}

export function accountKind(ref: AccountRef): string {
  return 'platform' in ref ? ref.platform : ref.kind;
}

export function accountUserId(ref: AccountRef): string | null {
  return 'platform' in ref ? null : ref.userId;
}

/** User accounts may not go below zero (the database CHECK enforces it too). */
export function mustStayNonNegative(ref: AccountRef): boolean {
  return !('platform' in ref);
}
