import type { Me } from '@app/shared/schemas/auth';
import { accountStanding } from '@app/shared/standing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useChooseBook } from '../../../lib/book';
import { accountSummaryQuery } from '../../account/api';
import { myAppropriatenessQuery, myVerificationQuery } from '../../verification/api';
import { ReviewStepCard } from '../../verification/components/ReviewStepCard';
import { realNextStep } from '../lib/realNextStep';

/**
 * On the practice dashboard: the real account's next step (verify, the appropriateness check, the
 * team's review, a first deposit), one click away — the click shows the real account and opens
 * the step's page. The practice history stays where it is.
 */
export function RealNextStepCard({ user }: { user: Me }) {
  const { t } = useTranslation('dashboard');
  const choose = useChooseBook();
  const asksReview = !user.isAdmin;
  const verification = useQuery({ ...myVerificationQuery, enabled: asksReview });
  const appropriateness = useQuery({ ...myAppropriatenessQuery, enabled: asksReview });
  const real = useQuery(accountSummaryQuery('real'));
  const step = realNextStep({
    account: accountStanding(user),
    verification: verification.data,
    appropriateness: appropriateness.data,
    realBalanceCents: real.data?.balanceCents,
  });
  return (
    <ReviewStepCard
      id="real-next-step"
      standing={step.kind}
      heading={t('practice.real.title')}
      badge={{ tone: 'neutral', label: t('practice.real.badge') }}
      summary={t(`practice.real.${step.kind}.body`)}
      urgent={false}
      action={{
        to: step.to,
        label: t(`practice.real.${step.kind}.action`),
        onClick: () => choose('real'),
      }}
    />
  );
}
