import type {
  AppropriatenessStanding,
  MyAppropriateness,
} from '@app/shared/schemas/appropriateness';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, buttonClasses, ShieldIcon } from '../../../ui';
import { myAppropriatenessQuery } from '../api';

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
    <section
      aria-labelledby="appropriateness-status-title"
      data-testid="appropriateness-status"
      data-standing={standing}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:gap-4',
        pending ? 'border-danger/30 bg-danger/5' : 'border-border bg-surface',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-strong ring-1 ring-brand/20">
        <ShieldIcon width={20} height={20} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="appropriateness-status-title" className="font-semibold text-text">
            {t('appropriateness.status.heading')}
          </h2>
          <Badge tone={TONES[standing]}>{t(`appropriateness.standings.${standing}`)}</Badge>
        </div>
        <p className="mt-1 text-sm leading-relaxed text-muted">
          {t(`appropriateness.status.${standing}`)}
        </p>
      </div>
      {linked && (standing === 'not_taken' || pending) && (
        <Link to="/appropriateness" className={buttonClasses('primary', 'md')}>
          {t(pending ? 'appropriateness.status.review' : 'appropriateness.status.start')}
        </Link>
      )}
    </section>
  );
}
