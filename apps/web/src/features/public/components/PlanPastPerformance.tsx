import { formatUsd } from '@app/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { DetailRow } from '../../../ui/DetailList';
import { Sparkline } from '../../../ui/Sparkline';
import { signTone } from '../../../ui/tone';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';
import { formatCount, formatSignedPct, signAsShown } from '../../market/decimal';
import type { PublicPlan } from '../api';
import { formatDrawdown } from '../lib/performance';

type PlanStrategy = NonNullable<PublicPlan['strategy']>;

/** Whether the NAV series ended above, below or level with where it started. */
function navTrend(navValues: number[]): 'up' | 'down' | 'neutral' {
  const first = navValues[0];
  const last = navValues.at(-1);
  if (first === undefined || last === undefined) return 'neutral';
  return last > first ? 'up' : last < first ? 'down' : 'neutral';
}

/** A plan's strategy's past performance, dated by the last point of its NAV series. */
export function PlanPastPerformance({
  planTitle,
  strategy,
}: {
  planTitle: string;
  strategy: PlanStrategy;
}) {
  const { t } = useTranslation('public');
  const series = strategy.navSeries ?? [];
  const navValues = series.map((point) => Number(point.nav)).filter(Number.isFinite);
  const lastPoint = series.at(-1);
  return (
    <section
      aria-label={t('plans.pastLabelFor', { plan: planTitle })}
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
          tone={navTrend(navValues)}
          label={t('plans.navChart', { strategy: strategy.name })}
          className="mt-3"
        />
      )}
      <StrategyFigures strategy={strategy} />
      {strategy.id && (
        <Link
          to={`/strategies/${strategy.id}`}
          className="mt-3 inline-block text-sm text-brand underline-offset-2 hover:underline"
        >
          {t('plans.viewRecord', { strategy: strategy.name })}
        </Link>
      )}
    </section>
  );
}

function StrategyFigures({ strategy }: { strategy: PlanStrategy }) {
  const { t } = useTranslation('public');
  return (
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
    <DetailRow label={label} valueClassName="font-medium">
      {children}
    </DetailRow>
  );
}
