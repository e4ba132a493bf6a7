/** The threshold when the operator has not set one: $1,000.00. */
export const DEFAULT_FOUR_EYES_THRESHOLD_CENTS = 100_000n;

/** How far back what one admin moved alone for one user counts towards the threshold. */
export const SOLO_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an amount of money moved by an admin needs a second admin (maker-checker): when it
 * takes what this admin moved alone for the same user in the last 24 hours (`soloCents`, sizes)
 * above the threshold, so splitting a large amount into small ones does not dodge the check.
 * A debit counts as much as a credit; a threshold of 0 means every one.
 */
export function needsSecondAdmin(
  amountCents: bigint,
  thresholdCents: bigint,
  soloCents = 0n,
): boolean {
  const size = amountCents < 0n ? -amountCents : amountCents;
  return thresholdCents === 0n || soloCents + size > thresholdCents;
}

/** A stored setting → the threshold in force (the default when unset or not a whole number ≥ 0). */
export function thresholdFrom(stored: unknown): bigint {
  return typeof stored === 'number' && Number.isSafeInteger(stored) && stored >= 0
    ? BigInt(stored)
    : DEFAULT_FOUR_EYES_THRESHOLD_CENTS;
}
