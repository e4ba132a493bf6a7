/** The eight FAQ entries (operator content); texts live under `faq.items.<key>` in the locale. */
export const FAQ_KEYS = [
  'copyTrading',
  'fees',
  'withdrawals',
  'risk',
  'review',
  'security',
  'deposits',
  'referral',
] as const;
export type FaqKey = (typeof FAQ_KEYS)[number];

export function isFaqKey(value: string | null): value is FaqKey {
  return value !== null && (FAQ_KEYS as readonly string[]).includes(value);
}
