import type { Me } from '@app/shared/schemas/auth';
import { accountStanding } from '@app/shared/standing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChooseBook } from '../../../lib/book';
import { buttonClasses, ShieldIcon } from '../../../ui';
import { accountSummaryQuery } from '../../account/api';
import { myAppropriatenessQuery, myVerificationQuery } from '../../verification/api';
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
    <section
      aria-labelledby="real-next-step-title"
      data-testid="real-next-step"
      data-step={step.kind}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 sm:flex-row sm:items-center sm:gap-4"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-strong ring-1 ring-brand/20">
        <ShieldIcon width={20} height={20} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="real-next-step-title" className="font-semibold text-text">
          {t('practice.real.title')}
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-muted">
          {t(`practice.real.${step.kind}.body`)}
        </p>
      </div>
      <Link to={step.to} onClick={() => choose('real')} className={buttonClasses('primary', 'md')}>
        {t(`practice.real.${step.kind}.action`)}
      </Link>
    </section>
  );
}
