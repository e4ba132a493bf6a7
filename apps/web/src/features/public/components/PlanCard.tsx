import { formatDate } from '../../../lib/dates';
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
import { Sparkline } from '../../../ui/Sparkline';
import { signTone } from '../../../ui/tone';
import type { PublicPlan } from '../api';
import { useSignedInHome } from '../hooks/useSignedInHome';
import { formatCount, formatSignedPct, signAsShown } from '../../market/decimal';
import { formatDrawdown } from '../lib/performance';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';

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
  const { t } = useTranslation('public');
  const home = useSignedInHome();
  const strategy = plan.strategy;
  const titleId = `plan-${plan.id}-title`;
  const series = strategy?.navSeries ?? [];
  const navValues = series.map((point) => Number(point.nav)).filter(Number.isFinite);
  const lastPoint = series.at(-1);
  const first = navValues[0];
  const last = navValues.at(-1);
  const trend =
    first === undefined || last === undefined
      ? 'neutral'
      : last > first
        ? 'up'
        : last < first
          ? 'down'
          : 'neutral';
  const fee = plan.performanceFeePct.trim();
  const hasFee = chargesPerformanceFee(fee);
  // A lead trader's strategy sets the fee every plan offering it charges (the server's figure).
  const traderFee = strategy?.performanceFeePct != null;
  const closed = plan.closed ?? null;

  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'relative flex w-full min-w-0 flex-col rounded-2xl border bg-surface p-5 sm:p-6',
        plan.recommended ? 'border-brand/70 shadow-lg shadow-brand/10' : 'border-border',
      )}
    >
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

      {strategy && (
        <section
          aria-label={t('plans.pastLabelFor', { plan: plan.title })}
          className="mt-4 rounded-xl bg-surface-2/50 p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted">
              {lastPoint
                ? t('plans.pastAsOf', { date: formatDate(lastPoint.at) })
                : t('plans.pastTitle')}
            </p>
            <MarketSourceLabel />
          </div>
          {navValues.length > 1 && (
            <Sparkline
              values={navValues}
              tone={trend}
              label={t('plans.navChart', { strategy: strategy.name })}
              className="mt-3"
            />
          )}
          <dl className="mt-3 flex flex-col gap-2 text-sm">
            <Row label={t('plans.return30d')}>
              <Pct value={strategy.return30dPct} />
            </Row>
            <Row label={t('plans.avgDaily')}>
              <Pct value={strategy.avgDailyReturnPct ?? null} />
            </Row>
            <Row label={t('plans.maxDrawdown')}>
              {strategy.maxDrawdownPct ? (
                <span className={Number(strategy.maxDrawdownPct) !== 0 ? 'text-danger' : undefined}>
                  {formatDrawdown(strategy.maxDrawdownPct)}
                </span>
              ) : (
                <NoHistory />
              )}
            </Row>
            {strategy.copiers !== undefined && (
              <Row label={t('plans.copiers')}>{formatCount(strategy.copiers)}</Row>
            )}
            {strategy.aumCents !== undefined && (
              <Row label={t('plans.aum')}>{formatUsd(strategy.aumCents)}</Row>
            )}
          </dl>
          {strategy.id && (
            <Link
              to={`/strategies/${strategy.id}`}
              className="mt-3 inline-block text-sm text-brand underline-offset-2 hover:underline"
            >
              {t('plans.viewRecord', { strategy: strategy.name })}
            </Link>
          )}
        </section>
      )}

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

      <div className="mt-6">
        {action ??
          // A closed plan offers nothing new; its note above says why.
          (closed ? null : (
            <Link
              to={home ? '/plans' : '/register'}
              className={buttonClasses(plan.recommended ? 'primary' : 'secondary', 'md', true)}
            >
              {t('plans.investNow')}
            </Link>
          ))}
      </div>
    </article>
  );
}

function Pct({ value }: { value: string | null }) {
  if (!value) return <NoHistory />;
  return <span className={signTone(signAsShown(value))}>{formatSignedPct(value)}</span>;
}

function NoHistory() {
  const { t } = useTranslation('public');
  return <span className="text-muted">{t('plans.noHistory')}</span>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-text tabular-nums">{children}</dd>
    </div>
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
