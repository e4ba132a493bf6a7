import type { MyVerification, VerificationStanding } from '@app/shared/schemas/verification';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, buttonClasses, ShieldIcon } from '../../../ui';
import { myVerificationQuery } from '../api';

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
  if (!query.data) return null;
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
  const needsAction = standing === 'needs_action';
  return (
    <section
      aria-labelledby="verification-status-title"
      data-testid="verification-status"
      data-standing={standing}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:gap-4',
        needsAction ? 'border-danger/30 bg-danger/5' : 'border-border bg-surface',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-strong ring-1 ring-brand/20">
        <ShieldIcon width={20} height={20} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="verification-status-title" className="font-semibold text-text">
            {t('status.heading')}
          </h2>
          <Badge tone={TONES[standing]}>{t(`standings.${standing}`)}</Badge>
        </div>
        <p className="mt-1 text-sm leading-relaxed text-muted">{t(`status.${standing}`)}</p>
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
      </div>
      {linked && standing !== 'approved' && standing !== 'submitted' && (
        <Link to="/verification" className={buttonClasses('primary', 'md')}>
          {t(needsAction ? 'status.fix' : 'status.start')}
        </Link>
      )}
    </section>
  );
}
