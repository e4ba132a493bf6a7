import type { StrategyRecord } from '@app/shared/schemas/strategies';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/prerender';
import { LoadingBlock } from '../../../ui/Spinner';
import { formatSignedPct } from '../../market/decimal';
import { strategyNavQuery } from '../api';
import { NAV_RANGES, pointsInRange, RANGE_DAYS, type NavRange } from '../navRange';

const RecordChart = lazy(() => import('./RecordChart'));

/**
 * The NAV chart with its range buttons (7 days … since start). The shortest range draws the hourly
 * NAV; the longer ones each day's last NAV from the record. The return beside it is the record's
 * own figure for that window, or "not enough history" — never 0 %.
 */
export function NavPanel({ strategyId, record }: { strategyId: string; record: StrategyRecord }) {
  const { t } = useTranslation('strategies');
  const [range, setRange] = useState<NavRange>('90d');
  const hourly = useQuery({
    ...strategyNavQuery(strategyId, RANGE_DAYS['7d']),
    enabled: range === '7d',
  });
  const points =
    range === '7d'
      ? (hourly.data?.points ?? [])
      : pointsInRange(record.navHistory, range, Date.parse(record.asOf));
  const change = record.returns[range];
  // The chart draws on a canvas in the browser only: the server's page holds its place.
  const hydrated = useHydrated();
  const loading = !hydrated || (range === '7d' && hourly.isPending);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('nav.range')} className="flex flex-wrap gap-1">
          {NAV_RANGES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={range === value}
              onClick={() => setRange(value)}
              className={clsx(
                'min-h-9 rounded-md px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none',
                range === value
                  ? 'bg-brand text-bg'
                  : 'text-muted hover:bg-surface-2 hover:text-text',
              )}
            >
              {t(`returns.${value}`)}
            </button>
          ))}
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {change === null
            ? t('notYet')
            : t('nav.change', { range: t(`returns.${range}`), change: formatSignedPct(change) })}
        </p>
      </div>
      {loading ? (
        <LoadingBlock className="h-56 sm:h-72" />
      ) : points.length < 2 ? (
        <p className="text-sm text-muted">{t('notYet')}</p>
      ) : (
        <Suspense fallback={<LoadingBlock className="h-56 sm:h-72" />}>
          <RecordChart
            look="nav"
            points={points.map((p) => ({ at: p.at, value: p.nav }))}
            label={t('nav.chartLabel', {
              range: t(`returns.${range}`),
              from: points[0]!.nav,
              to: points[points.length - 1]!.nav,
            })}
          />
        </Suspense>
      )}
    </div>
  );
}
