import { formatDate } from '../../../lib/dates';
import { formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';

export interface VolumeDay {
  day: string;
  depositsCents: number;
  withdrawalsCents: number;
}

const HEIGHT = 160;
const BAR_GAP = 2;

/**
 * Daily deposits and withdrawals as paired bars (SVG, scales with its container). Each day has a
 * tooltip title; the figures are also in a visually hidden table for screen readers.
 */
export function VolumeChart({ days }: { days: VolumeDay[] }) {
  const { t } = useTranslation('admin');
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure className="flex flex-col gap-3">
      <VolumeBars days={days} />
      <div className="flex justify-between text-xs text-muted" aria-hidden>
        <span>{first ? formatDate(`${first.day}T00:00:00Z`) : ''}</span>
        <span>{last ? formatDate(`${last.day}T00:00:00Z`) : ''}</span>
      </div>
      <figcaption className="flex flex-wrap items-center justify-center gap-4 text-xs text-muted">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-brand" aria-hidden />
          {t('overview.deposits')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-danger" aria-hidden />
          {t('overview.withdrawals')}
        </span>
      </figcaption>
      <VolumeTable days={days} />
    </figure>
  );
}

/** The bars, scaled to the busiest day. */
function VolumeBars({ days }: { days: VolumeDay[] }) {
  const { t } = useTranslation('admin');
  const max = Math.max(1, ...days.flatMap((d) => [d.depositsCents, d.withdrawalsCents]));
  const slot = 20;
  const width = Math.max(1, days.length) * slot;
  const bar = (slot - BAR_GAP * 3) / 2;
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="h-40 w-full"
      role="img"
      aria-label={t('overview.chartLabel')}
    >
      <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" />
      {days.map((d, index) => {
        const x = index * slot + BAR_GAP;
        const depositHeight = (d.depositsCents / max) * (HEIGHT - 4);
        const withdrawalHeight = (d.withdrawalsCents / max) * (HEIGHT - 4);
        return (
          <g key={d.day}>
            <title>
              {`${formatDate(`${d.day}T00:00:00Z`)}: ${t('overview.deposits')} ${formatUsd(d.depositsCents)}, ${t('overview.withdrawals')} ${formatUsd(d.withdrawalsCents)}`}
            </title>
            <rect x={x} y={0} width={slot - BAR_GAP} height={HEIGHT} fill="transparent" />
            <rect
              x={x}
              y={HEIGHT - depositHeight}
              width={bar}
              height={depositHeight}
              rx={1}
              className="fill-brand"
            />
            <rect
              x={x + bar + BAR_GAP}
              y={HEIGHT - withdrawalHeight}
              width={bar}
              height={withdrawalHeight}
              rx={1}
              className="fill-danger"
            />
          </g>
        );
      })}
    </svg>
  );
}

/** The figures for screen readers. */
function VolumeTable({ days }: { days: VolumeDay[] }) {
  const { t } = useTranslation('admin');
  return (
    // A table element ignores the 1 px box of sr-only, so the wrapper carries it.
    <div className="sr-only">
      <table>
        <caption>{t('overview.chartLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('transactions.columns.date')}</th>
            <th scope="col">{t('overview.deposits')}</th>
            <th scope="col">{t('overview.withdrawals')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDate(`${d.day}T00:00:00Z`)}</th>
              <td>{formatUsd(d.depositsCents)}</td>
              <td>{formatUsd(d.withdrawalsCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
