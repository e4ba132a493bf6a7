/**
 * The four-eyes (maker-checker) rule for money an admin moves: adjustments, deposit approvals and
 * payouts. The server decides with it; the admin's confirmations word what will happen with it.
 */

/**
 * Whether an amount of money moved by an admin needs a second admin: when it takes what this
 * admin moved alone for the same user in the last 24 hours (`soloCents`, sizes) above the
 * threshold, so splitting a large amount into small ones does not dodge the check. A debit counts
 * as much as a credit; a threshold of 0 means every one.
 */
export function needsSecondAdmin(
  amountCents: bigint,
  thresholdCents: bigint,
  soloCents = 0n,
): boolean {
  const size = amountCents < 0n ? -amountCents : amountCents;
  return thresholdCents === 0n || soloCents + size > thresholdCents;
}

/**
 * What an admin can be told before deciding, without knowing what they moved alone for the user
 * in the last 24 hours: 'required' when the amount alone needs a second admin, else 'possible'
 * (the window may tip it over; also when the threshold is not known).
 */
export function secondAdminBeforeDeciding(
  amountCents: bigint,
  thresholdCents: bigint | null,
): 'required' | 'possible' {
  return thresholdCents !== null && needsSecondAdmin(amountCents, thresholdCents)
    ? 'required'
    : 'possible';
}
