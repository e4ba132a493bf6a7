/** The threshold when the operator has not set one: $1,000.00. */
export const DEFAULT_FOUR_EYES_THRESHOLD_CENTS = 100_000n;

/** How far back what one admin moved alone for one user counts towards the threshold. */
export const SOLO_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The rule itself is shared with the web, which words the admin's confirmations with it. */
export { needsSecondAdmin } from '@app/shared/four-eyes';

/** A stored setting → the threshold in force (the default when unset or not a whole number ≥ 0). */
export function thresholdFrom(stored: unknown): bigint {
  return typeof stored === 'number' && Number.isSafeInteger(stored) && stored >= 0
    ? BigInt(stored)
    : DEFAULT_FOUR_EYES_THRESHOLD_CENTS;
}
