import { ensureNamespace } from '../lazyNamespaces';

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

/**
 * The answer dialog (Radix Dialog) and the answers are fetched on first hover, focus or click of a
 * question, not with the landing page.
 */
export const loadFaqDialog = () =>
  Promise.all([import('./FaqDialog'), ensureNamespace('publicFaq')]).then(([module]) => module);
