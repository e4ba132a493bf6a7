import type { VerificationStanding } from '@app/shared/schemas/verification';

/**
 * What the verification card says, given the review's standing and whether the account is active.
 * A review not started asks an inactive account to verify to be activated; an active account (an
 * admin activated it without documents) is not told to "activate" it: the dashboard and profile
 * show no card (null), and /verification says the account is already active.
 */
export type VerificationSummaryKey = VerificationStanding | 'not_started_active';

export function verificationSummaryKey(
  standing: VerificationStanding,
  accountActive: boolean,
): VerificationSummaryKey {
  return standing === 'not_started' && accountActive ? 'not_started_active' : standing;
}

/** The dashboard and profile show the card only when it asks or tells the user something. */
export function showsVerificationCard(key: VerificationSummaryKey): boolean {
  return key !== 'not_started_active';
}
