import type { MyVerification, VerificationStanding } from '@app/shared/schemas/verification';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { myVerificationQuery } from '../api';
import { showsVerificationCard, verificationSummaryKey } from '../lib/reviewPrompt';
import { ReviewStepCard } from './ReviewStepCard';

const TONES = {
  not_started: 'warning',
  submitted: 'info',
  needs_action: 'danger',
  approved: 'success',
} as const satisfies Record<VerificationStanding, string>;

/**
 * Where the user stands in the account review, and what to do next: on the dashboard, on /profile
 * and at the top of /verification (`linked` false there: the page is the next step).
 */
export function VerificationStatusCard({ linked = true }: { linked?: boolean }) {
  const query = useQuery(myVerificationQuery);
  const { user } = useSession();
  if (!query.data) return null;
  if (
    !showsVerificationCard(
      verificationSummaryKey(query.data.standing, user?.isActive ?? false, query.data.required),
    )
  ) {
    return null;
  }
  return <VerificationStatusView verification={query.data} linked={linked} />;
}

export function VerificationStatusView({
  verification,
  linked,
}: {
  verification: MyVerification;
  linked: boolean;
}) {
  const { t } = useTranslation('verification');
  const { standing } = verification;
  const { user } = useSession();
  const summaryKey = verificationSummaryKey(
    standing,
    user?.isActive ?? false,
    verification.required,
  );
  const needsAction = standing === 'needs_action';
  const optional = summaryKey === 'not_started_optional';
  return (
    <ReviewStepCard
      id="verification-status"
      standing={standing}
      heading={t('status.heading')}
      badge={
        optional
          ? { tone: 'info', label: t('standings.optional') }
          : { tone: TONES[standing], label: t(`standings.${standing}`) }
      }
      summary={t(`status.${summaryKey}`)}
      urgent={needsAction}
      action={
        linked && summaryKey !== 'approved' && summaryKey !== 'submitted'
          ? { to: '/verification', label: t(needsAction ? 'status.fix' : 'status.start') }
          : undefined
      }
    >
      {needsAction && verification.reason && (
        <p className="mt-2 text-sm break-words text-text" data-testid="verification-reason">
          <span className="font-medium">{t('status.reasonLabel')}</span> {verification.reason}
        </p>
      )}
      {needsAction && verification.requestedDocument && (
        <p className="mt-1 text-sm text-text">
          {t('status.requested', {
            document: t(`documents.kinds.${verification.requestedDocument}`),
          })}
        </p>
      )}
    </ReviewStepCard>
  );
}
