import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee } from '@app/shared/trade-rules';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appConfig } from '../../../lib/config';
import { Badge } from '../../../ui/Badge';
import { buttonClasses } from '../../../ui/Button';
import { DemoStrategyBadge } from '../../../ui/DemoStrategyBadge';
import { CheckIcon } from '../../../ui/icons';
import type { PublicPlan } from '../api';
import { useSignedInHome } from '../hooks/useSignedInHome';
import { PlanPastPerformance } from './PlanPastPerformance';

interface PlanCardProps {
  plan: PublicPlan;
  /**
   * What the card offers at its foot; by default Invest Now to /register (the landing page), or
   * to /plans for a signed-in reader.
   */
  action?: ReactNode;
}

/**
 * One plan as the server describes it; every figure is the server's, none is invented here. The
 * strategy's figures are past performance, dated by the last point of its NAV series.
 */
export function PlanCard({ plan, action }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'relative flex w-full min-w-0 flex-col rounded-2xl border bg-surface p-5 sm:p-6',
        plan.recommended ? 'border-brand/70 shadow-lg shadow-brand/10' : 'border-border',
      )}
    >
      <PlanHeading plan={plan} titleId={titleId} />
      <PlanStrategyStatus plan={plan} />
      {plan.strategy && <PlanPastPerformance planTitle={plan.title} strategy={plan.strategy} />}
      <PlanFeatures plan={plan} />
      <div className="mt-6">{action ?? <InvestNowLink plan={plan} />}</div>
    </article>
  );
}

/** Title, featured mark, amount range and term. */
function PlanHeading({ plan, titleId }: { plan: PublicPlan; titleId: string }) {
  const { t } = useTranslation('public');
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-xl font-semibold text-text">
          {plan.title}
        </h3>
        {plan.recommended && <Badge tone="success">{t('plans.featured')}</Badge>}
      </div>
      {plan.recommended && (
        <p className="mt-1 text-xs text-muted">
          {t('plans.featuredNote', { brand: appConfig.brandName })}
        </p>
      )}
      <p className="mt-2 text-lg font-semibold text-text tabular-nums">
        {t('plans.range', { min: formatUsd(plan.minCents), max: formatUsd(plan.maxCents) })}
      </p>
      <p className="mt-1 text-sm text-muted">
        {t('plans.termLine', { days: t('plans.termDays', { count: plan.termDays }) })}
      </p>
    </>
  );
}

/** The strategy's name and badges, with a note when the plan is closed or the strategy paused. */
function PlanStrategyStatus({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('public');
  const strategy = plan.strategy;
  const closed = plan.closed ?? null;
  return (
    <div className="mt-5 border-t border-border pt-4">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">
        {t('plans.strategy')}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-2 font-medium text-text">
        {strategy?.name ?? t('plans.noStrategy')}
        <DemoStrategyBadge runBy={strategy?.runBy} />
        {strategy?.retired && <Badge tone="danger">{t('plans.retiredBadge')}</Badge>}
      </p>
      {closed && (
        <p
          role="note"
          data-testid="plan-closed"
          className="mt-2 rounded-lg border border-danger/30 bg-danger/5 px-3 py-2 text-sm leading-relaxed text-text"
        >
          <span className="font-semibold">{t(`plans.closed.${closed}.title`)}</span>{' '}
          {t(`plans.closed.${closed}.body`, {
            min: formatUsd(strategy?.minCopyCents ?? 0),
            max: formatUsd(plan.maxCents),
          })}
        </p>
      )}
      {strategy?.paused && (
        <p
          role="note"
          className="mt-2 rounded-lg border border-warning/30 bg-warning/5 px-3 py-2 text-sm text-warning"
        >
          {t('plans.paused')}
        </p>
      )}
    </div>
  );
}

/** Fee, support and closing terms. */
function PlanFeatures({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('public');
  const fee = plan.performanceFeePct.trim();
  const hasFee = chargesPerformanceFee(fee);
  // A lead trader's strategy sets the fee every plan offering it charges (the server's figure).
  const traderFee = plan.strategy?.performanceFeePct != null;
  return (
    <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm text-text">
      <Feature>
        {hasFee
          ? t(traderFee ? 'plans.feeLineTrader' : 'plans.feeLine', { pct: fee })
          : t('plans.noFee')}
      </Feature>
      <Feature>
        {appConfig.supportHours
          ? t('plans.supportHours', { hours: appConfig.supportHours })
          : t('plans.support')}
      </Feature>
      <Feature>{t('plans.closeAnyTime')}</Feature>
    </ul>
  );
}

/** The default action: Invest Now to /register, or to /plans for a signed-in reader. */
function InvestNowLink({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('public');
  const home = useSignedInHome();
  // A closed plan offers nothing new; its note above says why.
  if (plan.closed) return null;
  return (
    <Link
      to={home ? '/plans' : '/register'}
      className={buttonClasses(plan.recommended ? 'primary' : 'secondary', 'md', true)}
    >
      {t('plans.investNow')}
    </Link>
  );
}

function Feature({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-brand-strong" />
      <span>{children}</span>
    </li>
  );
}
