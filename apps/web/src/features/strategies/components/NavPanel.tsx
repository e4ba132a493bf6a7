import type { StrategyRecord } from '@app/shared/schemas/strategies';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/prerender';
import { LoadingBlock } from '../../../ui/Spinner';
import { formatDecimal, formatSignedPct } from '../../market/decimal';
import { strategyNavQuery } from '../api';
import { initialRange, NAV_RANGES, RANGE_DAYS, windowLine, type NavRange } from '../navRange';

const RecordChart = lazy(() => import('./RecordChart'));

/**
 * The NAV chart with its range buttons (7 days … since start). It opens on the window the cards
 * and the directory show (30 days) when the record covers it. The line of a window runs from the
 * point its return is measured from to the latest NAV (the shortest range through the hourly NAV,
 * the longer ones through each day's last NAV), so its change is the record's figure written
 * beside it; a window the record does not reach back to has neither line nor figure.
 */
export function NavPanel({ strategyId, record }: { strategyId: string; record: StrategyRecord }) {
  const { t } = useTranslation('strategies');
  const [range, setRange] = useState<NavRange>(() => initialRange(record.returns));
  const hourly = useQuery({
    ...strategyNavQuery(strategyId, RANGE_DAYS['7d']),
    enabled: range === '7d' && record.returns['7d'] !== null,
  });
  const change = record.returns[range];
  const points = windowLine(
    range === '7d' ? (hourly.data?.points ?? []) : record.navHistory,
    change === null ? null : record.windowStarts[range],
    record.latestNav,
  );
  // The chart draws on a canvas in the browser only: the server's page holds its place.
  const hydrated = useHydrated();
  const loading = change !== null && (!hydrated || (range === '7d' && hourly.isPending));

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
      {change === null || points.length < 2 ? (
        <p className="text-sm text-muted" data-testid="nav-no-line">
          {t('nav.shorterThan')}
        </p>
      ) : loading ? (
        <LoadingBlock className="h-56 sm:h-72" />
      ) : (
        <Suspense fallback={<LoadingBlock className="h-56 sm:h-72" />}>
          <RecordChart
            look="nav"
            points={points.map((p) => ({ at: p.at, value: p.nav }))}
            label={t('nav.chartLabel', {
              range: t(`returns.${range}`),
              from: formatDecimal(points[0]!.nav, 4),
              to: formatDecimal(points[points.length - 1]!.nav, 4),
            })}
          />
        </Suspense>
      )}
    </div>
  );
}
