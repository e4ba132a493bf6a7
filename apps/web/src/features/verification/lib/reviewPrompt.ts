import type { VerificationStanding } from '@app/shared/schemas/verification';

/**
 * What the verification card says, given the review's standing, whether the account is active and
 * whether the operator requires verification before activation (`verificationRequired`, off by
 * default). Required: a review not started is the way to activation. Not required: it is optional,
 * never "to activate your account" (an admin can activate without it). An active account is never
 * told to "activate" it: the dashboard and profile show no card, and /verification says the
 * account is already active.
 */
export type VerificationSummaryKey =
  VerificationStanding | 'not_started_active' | 'not_started_optional';

export function verificationSummaryKey(
  standing: VerificationStanding,
  accountActive: boolean,
  required: boolean,
): VerificationSummaryKey {
  if (standing !== 'not_started') return standing;
  if (accountActive) return 'not_started_active';
  return required ? 'not_started' : 'not_started_optional';
}

/** The dashboard and profile show the card only when it asks or tells the user something. */
export function showsVerificationCard(key: VerificationSummaryKey): boolean {
  return key !== 'not_started_active';
}
