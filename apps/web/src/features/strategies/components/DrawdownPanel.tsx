import type { StrategyRecord } from '@app/shared/schemas/strategies';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/prerender';
import { LoadingBlock } from '../../../ui/Spinner';
import { formatDrawdown } from '../../public/lib/performance';

const RecordChart = lazy(() => import('./RecordChart'));

/**
 * The drawdown since the strategy began: each day's deepest fall below the highest NAV before it,
 * as the server computed it from the hourly NAV (its lowest point is the maximum drawdown stated
 * beside it). Drawn like the NAV chart, downwards from 0 %.
 */
export function DrawdownPanel({ record }: { record: StrategyRecord }) {
  const { t } = useTranslation('strategies');
  // The chart draws on a canvas in the browser only: the server's page holds its place.
  const hydrated = useHydrated();
  if (record.drawdown.length < 2) return <p className="text-sm text-muted">{t('notYet')}</p>;
  if (!hydrated) return <LoadingBlock className="h-56 sm:h-72" />;
  return (
    <Suspense fallback={<LoadingBlock className="h-56 sm:h-72" />}>
      <RecordChart
        look="drawdown"
        points={record.drawdown.map((p) => ({ at: p.at, value: p.drawdownPct }))}
        label={t('drawdown.chartLabel', {
          max: record.maxDrawdownPct ? formatDrawdown(record.maxDrawdownPct) : t('notYet'),
        })}
      />
    </Suspense>
  );
}
