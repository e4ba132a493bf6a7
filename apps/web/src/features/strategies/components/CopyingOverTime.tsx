import { formatUsd } from '@app/shared/money';
import type { StrategyRecord } from '@app/shared/schemas/strategies';
import { useTranslation } from 'react-i18next';
import { Sparkline } from '../../../ui/Sparkline';
import { formatCount } from '../../market/decimal';

/**
 * How many copies were open, and how much money was copying the strategy, at each day's close —
 * from the trades themselves (copyingOverTime on the server, kept per day: docs/strategy-record.md),
 * so a strategy that lost its copiers shows it. Copiers are counted, never named.
 */
export function CopyingOverTime({ copying }: { copying: StrategyRecord['copying'] }) {
  const { t } = useTranslation('strategies');
  const last = copying.at(-1);
  if (copying.length < 2 || !last) return <p className="text-sm text-muted">{t('notYet')}</p>;
  const copiers = copying.map((p) => p.copiers);
  const aum = copying.map((p) => p.aumCents);
  if (copiers.every((count) => count === 0)) {
    return <p className="text-sm text-muted">{t('copying.none')}</p>;
  }
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Trend
        label={t('copying.copiers')}
        values={copiers}
        format={formatCount}
        chartLabel={(ends) =>
          t('copying.copiersChart', { ...ends, max: formatCount(Math.max(...copiers)) })
        }
      />
      <Trend
        label={t('copying.aum')}
        values={aum}
        format={formatUsd}
        chartLabel={(ends) => t('copying.aumChart', ends)}
      />
    </div>
  );
}

/** A day-by-day series: its latest value, and a sparkline named by where it went from and to. */
function Trend(props: {
  label: string;
  values: number[];
  format: (value: number) => string;
  chartLabel: (ends: { from: string; to: string }) => string;
}) {
  const latest = props.format(props.values.at(-1) ?? 0);
  return (
    <div className="rounded-xl border border-border bg-surface-2 p-4">
      <p className="text-xs text-muted">{props.label}</p>
      <p className="mt-1 text-lg font-semibold text-text tabular-nums">{latest}</p>
      <Sparkline
        values={props.values}
        label={props.chartLabel({ from: props.format(props.values[0] ?? 0), to: latest })}
        width={480}
        height={80}
        className="mt-3 h-20 w-full"
      />
    </div>
  );
}
