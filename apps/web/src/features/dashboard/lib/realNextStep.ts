import type { AppropriatenessStanding } from '@app/shared/schemas/appropriateness';
import type { VerificationStanding } from '@app/shared/schemas/verification';
import type { AccountStanding } from '@app/shared/standing';
import {
  verificationSummaryKey,
  type VerificationSummaryKey,
} from '../../verification/lib/reviewPrompt';

/**
 * The real account's next step, shown on the practice dashboard (issue 42: a path to real, one
 * click away). The same steps, in the same order, as the real dashboard's cards: the identity
 * verification when it asks something of the user (VerificationStatusCard), the appropriateness
 * check when it is due (AppropriatenessStatusCard), the team's review of a new account
 * (AccountStandingNotice), then a first deposit (QuickActions); a funded account is pointed to
 * the plans. `to` is where the one click goes (after switching to Real).
 */
export type RealNextStep =
  | { kind: 'verify'; to: '/verification' }
  | { kind: 'appropriateness'; to: '/appropriateness' }
  | { kind: 'review'; to: '/dashboard' }
  | { kind: 'deactivated'; to: '/dashboard' }
  | { kind: 'deposit'; to: '/deposits' }
  | { kind: 'invest'; to: '/plans' };

export interface RealStanding {
  account: AccountStanding;
  verification: { standing: VerificationStanding; required: boolean } | undefined;
  appropriateness: { standing: AppropriatenessStanding; required: boolean } | undefined;
  /** The real account's balance (undefined while it loads). */
  realBalanceCents: number | undefined;
}

/** The verification card's summaries that ask the user to act (its "Start" or "Fix" link). */
const VERIFICATION_ASKS: readonly VerificationSummaryKey[] = ['not_started', 'needs_action'];

export function realNextStep({
  account,
  verification,
  appropriateness,
  realBalanceCents,
}: RealStanding): RealNextStep {
  if (account === 'deactivated') return { kind: 'deactivated', to: '/dashboard' };
  if (verification) {
    const key = verificationSummaryKey(
      verification.standing,
      account === 'active',
      verification.required,
    );
    if (VERIFICATION_ASKS.includes(key)) return { kind: 'verify', to: '/verification' };
  }
  if (
    appropriateness?.required &&
    (appropriateness.standing === 'not_taken' || appropriateness.standing === 'warning_pending')
  ) {
    return { kind: 'appropriateness', to: '/appropriateness' };
  }
  if (account === 'new') return { kind: 'review', to: '/dashboard' };
  if (realBalanceCents === undefined || realBalanceCents === 0) {
    return { kind: 'deposit', to: '/deposits' };
  }
  return { kind: 'invest', to: '/plans' };
}
