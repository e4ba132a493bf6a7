/** The threshold when the operator has not set one: $1,000.00. */
export const DEFAULT_FOUR_EYES_THRESHOLD_CENTS = 100_000n;

/**
 * Whether an amount of money moved by an admin needs a second admin (maker-checker): above the
 * threshold, either way (a debit counts as much as a credit); a threshold of 0 means every one.
 */
export function needsSecondAdmin(amountCents: bigint, thresholdCents: bigint): boolean {
  const size = amountCents < 0n ? -amountCents : amountCents;
  return thresholdCents === 0n || size > thresholdCents;
}

/** A stored setting → the threshold in force (the default when unset or not a whole number ≥ 0). */
export function thresholdFrom(stored: unknown): bigint {
  return typeof stored === 'number' && Number.isSafeInteger(stored) && stored >= 0
    ? BigInt(stored)
    : DEFAULT_FOUR_EYES_THRESHOLD_CENTS;
}
