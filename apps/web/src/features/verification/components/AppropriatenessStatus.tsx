import type {
  AppropriatenessStanding,
  MyAppropriateness,
} from '@app/shared/schemas/appropriateness';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myAppropriatenessQuery } from '../api';
import { ReviewStepCard } from './ReviewStepCard';

const TONES = {
  not_taken: 'warning',
  appropriate: 'success',
  warning_pending: 'danger',
  warning_acknowledged: 'info',
} as const satisfies Record<AppropriatenessStanding, string>;

/**
 * The second step of the account review: the appropriateness check before the first copy trade,
 * where the user stands and what to do next (dashboard, /profile, top of /appropriateness). Not
 * shown while the operator has the check switched off and the user has not taken it.
 */
export function AppropriatenessStatusCard() {
  const query = useQuery(myAppropriatenessQuery);
  if (!query.data) return null;
  if (!query.data.required && query.data.standing === 'not_taken') return null;
  return <AppropriatenessStatusView appropriateness={query.data} linked />;
}

export function AppropriatenessStatusView({
  appropriateness,
  linked,
}: {
  appropriateness: MyAppropriateness;
  linked: boolean;
}) {
  const { t } = useTranslation('verification');
  const { standing } = appropriateness;
  const pending = standing === 'warning_pending';
  return (
    <ReviewStepCard
      id="appropriateness-status"
      standing={standing}
      heading={t('appropriateness.status.heading')}
      badge={{ tone: TONES[standing], label: t(`appropriateness.standings.${standing}`) }}
      summary={t(`appropriateness.status.${standing}`)}
      urgent={pending}
      action={
        linked && (standing === 'not_taken' || pending)
          ? {
              to: '/appropriateness',
              label: t(pending ? 'appropriateness.status.review' : 'appropriateness.status.start'),
            }
          : undefined
      }
    />
  );
}
