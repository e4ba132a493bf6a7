import type { AccountSummary } from '@app/shared/schemas/account';

/** How long after registration the dashboard greets a new account rather than a returning one. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * "Welcome back" only to someone coming back: an account registered within the last day is
 * greeted with "Welcome" (right after sign-up it has never been away).
 */
export function greetingKey(createdAt: string, now: number): 'greetingNew' | 'greeting' {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_MS ? 'greetingNew' : 'greeting';
}

/**
 * What the balance card says about the return "since you started investing": nothing before any
 * deposit (the server's percentUp is null), "No investments yet" while the account has never
 * invested (no open trade and no trade result booked, so a deposit or a bonus is not a return),
 * else the percentage.
 */
export type ReturnLine =
  { kind: 'none' } | { kind: 'notInvested' } | { kind: 'pct'; value: string };

export function returnLine(
  summary: Pick<AccountSummary, 'percentUp' | 'openTrades' | 'totalProfitCents'>,
): ReturnLine {
  if (summary.percentUp === null) return { kind: 'none' };
  if (summary.openTrades.length === 0 && summary.totalProfitCents === 0) {
    return { kind: 'notInvested' };
  }
  return { kind: 'pct', value: summary.percentUp };
}
