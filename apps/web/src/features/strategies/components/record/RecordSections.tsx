import { RETURN_WINDOWS } from '@app/shared/return-windows';
import type { Strategy, StrategyRecord } from '@app/shared/schemas/strategies';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../../lib/dates';
import { signTone } from '../../../../ui/tone';
import {
  formatCount,
  formatPct,
  formatSignedDecimal,
  formatSignedPct,
  signAsShown,
} from '../../../market/decimal';
import { formatDrawdown } from '../../../public/lib/performance';
import { DrawdownPanel } from '../DrawdownPanel';
import { FigureGrid, Section } from './RecordLayout';

/** The record's sections; each says "not yet" for a figure the record cannot support. */
interface RecordProps {
  record: StrategyRecord;
}

export function ReturnsSection({ record }: RecordProps) {
  const { t } = useTranslation('strategies');
  return (
    <Section title={t('returns.title')}>
      <FigureGrid
        className="grid grid-cols-2 gap-3 sm:grid-cols-5"
        figures={RETURN_WINDOWS.map((window) => ({
          label: t(`returns.${window}`),
          value: record.returns[window],
          format: formatSignedPct,
          empty: t('notYet'),
          tone: true,
        }))}
      />
    </Section>
  );
}

/** The risk score with its figures, beside the drawdown chart. */
export function RiskSections({ record }: RecordProps) {
  const { t } = useTranslation('strategies');
  const notYet = t('notYet');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title={t('risk.title')} description={t('risk.description')}>
        <RiskScore score={record.risk.riskScore} />
        <FigureGrid
          className="mt-4 grid grid-cols-2 gap-3"
          figures={[
            {
              label: t('risk.volatility'),
              value: record.risk.annualVolatilityPct,
              format: formatPct,
              empty: notYet,
            },
            {
              label: t('risk.sharpe'),
              value: record.risk.sharpeRatio,
              format: (v) => formatSignedDecimal(v, 2),
              empty: notYet,
            },
            {
              label: t('risk.maxDrawdown'),
              value: record.maxDrawdownPct,
              format: formatDrawdown,
              empty: notYet,
            },
            {
              label: t('risk.days'),
              value: formatCount(record.risk.dailyReturnCount),
              empty: notYet,
            },
          ]}
        />
      </Section>

      <Section title={t('drawdown.title')} description={t('drawdown.description')}>
        <DrawdownPanel record={record} />
      </Section>
    </div>
  );
}

function RiskScore({ score }: { score: number | null }) {
  const { t } = useTranslation('strategies');
  if (score === null) return <p className="text-sm text-muted">{t('risk.scoreNotYet')}</p>;
  const filled = score >= 7 ? 'bg-danger' : score >= 4 ? 'bg-warning' : 'bg-brand';
  return (
    <div>
      <p className="text-sm text-muted">
        {t('risk.score')}{' '}
        <span className="text-2xl font-semibold text-text tabular-nums">{formatCount(score)}</span>
        <span className="text-muted"> / 10</span>
      </p>
      <div
        className="mt-2 grid grid-cols-10 gap-1"
        role="img"
        aria-label={t('risk.scoreLabel', { score })}
      >
        {Array.from({ length: 10 }, (_, i) => (
          <span key={i} className={clsx('h-2 rounded-full', i < score ? filled : 'bg-surface-2')} />
        ))}
      </div>
    </div>
  );
}

/** Month by month, the newest first; the running month marked "so far". */
export function MonthlyReturnsSection({ record }: RecordProps) {
  const { t } = useTranslation('strategies');
  return (
    <Section title={t('monthly.title')}>
      {record.monthly.length === 0 ? (
        <p className="text-sm text-muted">{t('notYet')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[16rem] text-sm">
            <caption className="sr-only">{t('monthly.title')}</caption>
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('monthly.month')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('monthly.return')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...record.monthly].reverse().map((row) => (
                <tr key={row.month} className="border-t border-border">
                  <th scope="row" className="py-2 pr-4 text-left font-normal text-text">
                    {formatMonth(row.month)}
                    {row.partial && (
                      <span className="ml-2 text-xs text-muted">{t('monthly.soFar')}</span>
                    )}
                  </th>
                  <td
                    className={clsx(
                      'py-2 text-right tabular-nums',
                      signTone(signAsShown(row.returnPct)),
                    )}
                  >
                    {formatSignedPct(row.returnPct)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** What the strategy holds now, beside how its closed positions went. */
export function PositionSections({ strategy, record }: RecordProps & { strategy: Strategy }) {
  const { t } = useTranslation('strategies');
  const notYet = t('notYet');
  const closed = record.closedPositions;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title={t('holdings.title')}>
        {strategy.positions.length === 0 ? (
          <p className="text-sm text-muted">{t('holdings.none')}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {strategy.positions.map((p) => (
              <li key={`${p.symbol}-${p.side}`} className="flex justify-between gap-3 py-2">
                <span className="text-text">
                  {p.symbol}{' '}
                  <span className="text-muted">
                    {p.side === 'long' ? t('holdings.long') : t('holdings.short')}
                  </span>
                </span>
                <span className="tabular-nums text-text">{formatPct(p.weightPct)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('closed.title')} description={t('closed.description')}>
        <FigureGrid
          className="grid grid-cols-2 gap-3"
          figures={[
            { label: t('closed.count'), value: formatCount(closed.count), empty: notYet },
            {
              label: t('closed.winRate'),
              value: closed.winRatePct,
              format: formatPct,
              empty: notYet,
            },
            {
              label: t('closed.averageWin'),
              value: closed.averageWinPct,
              format: formatSignedPct,
              empty: t('none'),
              tone: true,
            },
            {
              label: t('closed.averageLoss'),
              value: closed.averageLossPct,
              format: formatSignedPct,
              empty: t('none'),
              tone: true,
            },
          ]}
        />
      </Section>
    </div>
  );
}

/** How the copies fared: how many opened and closed, the share in profit, the spread of returns. */
export function CopierOutcomesSection({ record }: RecordProps) {
  const { t } = useTranslation('strategies');
  const notYet = t('notYet');
  const outcomes = record.copierOutcomes;
  const spread = (label: string, value: string | null) => ({
    label,
    value,
    format: formatSignedPct,
    empty: notYet,
    tone: true,
  });
  return (
    <Section title={t('copiers.title')} description={t('copiers.description')}>
      <FigureGrid
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        figures={[
          { label: t('copiers.opened'), value: formatCount(outcomes.opened), empty: notYet },
          { label: t('copiers.closed'), value: formatCount(outcomes.closed), empty: notYet },
          {
            label: t('copiers.inProfit'),
            value: outcomes.profitableSharePct,
            format: formatPct,
            empty: notYet,
          },
          spread(t('copiers.lowerQuartile'), outcomes.lowerQuartilePct),
          spread(t('copiers.median'), outcomes.medianPct),
          spread(t('copiers.upperQuartile'), outcomes.upperQuartilePct),
        ]}
      />
    </Section>
  );
}
