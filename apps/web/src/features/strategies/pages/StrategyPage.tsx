import { RETURN_WINDOWS } from '@app/shared/return-windows';
import type { Strategy, StrategyRecord } from '@app/shared/schemas/strategies';
import { formatDate, formatMonth } from '../../../lib/dates';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../ui/Badge';
import { DemoStrategyBadge } from '../../../ui/DemoStrategyBadge';
import { ErrorState } from '../../../ui/ErrorState';
import { LoadingBlock } from '../../../ui/Spinner';
import { signTone } from '../../../ui/tone';
import { ApiRequestError } from '../../../lib/api';
import { RiskWarning } from '../../public/components/RiskWarning';
import { useDocumentTitle } from '../../public/hooks/useDocumentTitle';
import {
  formatCount,
  formatPct,
  formatSignedDecimal,
  formatSignedPct,
  signAsShown,
} from '../../market/decimal';
import { formatDrawdown } from '../../public/lib/performance';
import { useOwnStrategyId } from '../../trader/api';
import { strategyListQuery, strategyRecordQuery } from '../api';
import { CopyingOverTime } from '../components/CopyingOverTime';
import { DrawdownPanel } from '../components/DrawdownPanel';
import { NavPanel } from '../components/NavPanel';
import { OrderLog } from '../components/OrderLog';
import { strategyDescription } from '../strategyDescription';

/**
 * A strategy's open record, for anyone: every figure is the server's (docs/strategy-record.md),
 * and a figure the record cannot support yet says so instead of showing 0 %.
 */
export function StrategyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('strategies');
  const list = useQuery(strategyListQuery);
  const record = useQuery(strategyRecordQuery(id));
  const strategy = list.data?.strategies.find((s) => s.id === id);
  useDocumentTitle(strategy?.name ?? t('title'));

  if (record.isPending || list.isPending) {
    return (
      <Page>
        <LoadingBlock className="h-96" />
      </Page>
    );
  }
  if (record.isError || list.isError || !strategy) {
    const missing =
      (record.error instanceof ApiRequestError && record.error.status < 500) ||
      (!record.isError && !list.isError);
    return (
      <Page>
        <ErrorState
          title={missing ? t('notFound') : t('loadFailed')}
          {...(missing
            ? {}
            : {
                onRetry: () => {
                  void record.refetch();
                  void list.refetch();
                },
                retrying: record.isFetching || list.isFetching,
              })}
        />
      </Page>
    );
  }
  return <StrategyRecordView strategy={strategy} record={record.data} />;
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>;
}

function StrategyRecordView({ strategy, record }: { strategy: Strategy; record: StrategyRecord }) {
  const { t } = useTranslation('strategies');
  const notYet = t('notYet');
  const own = useOwnStrategyId() === strategy.id;
  return (
    <Page>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-semibold tracking-tight text-text sm:text-4xl">
            {strategy.name}
          </h1>
          <DemoStrategyBadge runBy={strategy.runBy} />
          {strategy.terms?.retired ? (
            <Badge tone="danger">{t('retired.badge')}</Badge>
          ) : (
            strategy.paused && <Badge tone="warning">{t('paused')}</Badge>
          )}
        </div>
        <p className="max-w-3xl text-muted">{strategyDescription(t, strategy)}</p>
        {strategy.terms?.retired && (
          <p
            role="note"
            data-testid="strategy-retired"
            className="max-w-3xl rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm leading-relaxed text-text"
          >
            <span className="font-semibold">{t('retired.title')}</span> {t('retired.body')}
          </p>
        )}
        <p className="text-sm text-muted">
          {strategy.runBy === 'demo'
            ? t('runByDemo')
            : t('runByTrader', { name: strategy.leadTraderName ?? '' })}
          {' · '}
          {t('asOf', { date: formatDate(record.asOf) })}
        </p>
        {own && (
          <p
            role="note"
            data-testid="own-strategy"
            className="max-w-3xl rounded-xl border border-sky-400/30 bg-sky-400/5 p-4 text-sm leading-relaxed text-text"
          >
            {t('ownStrategy')}
          </p>
        )}
      </header>

      <RiskWarning className="mt-6" />

      <Section title={t('nav.title')} description={t('nav.description')}>
        <NavPanel strategyId={strategy.id} record={record} />
      </Section>

      <Section title={t('returns.title')}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {RETURN_WINDOWS.map((window) => (
            <Figure
              key={window}
              label={t(`returns.${window}`)}
              value={record.returns[window]}
              format={formatSignedPct}
              empty={notYet}
              tone
            />
          ))}
        </dl>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('risk.title')} description={t('risk.description')}>
          <RiskScore score={record.risk.riskScore} />
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <Figure
              label={t('risk.volatility')}
              value={record.risk.annualVolatilityPct}
              format={formatPct}
              empty={notYet}
            />
            <Figure
              label={t('risk.sharpe')}
              value={record.risk.sharpeRatio}
              format={(v) => formatSignedDecimal(v, 2)}
              empty={notYet}
            />
            <Figure
              label={t('risk.maxDrawdown')}
              value={record.maxDrawdownPct}
              format={formatDrawdown}
              empty={notYet}
            />
            <Figure
              label={t('risk.days')}
              value={formatCount(record.risk.dailyReturnCount)}
              format={(v) => v}
              empty={notYet}
            />
          </dl>
        </Section>

        <Section title={t('drawdown.title')} description={t('drawdown.description')}>
          <DrawdownPanel record={record} />
        </Section>
      </div>

      <Section title={t('monthly.title')}>
        {record.monthly.length === 0 ? (
          <p className="text-sm text-muted">{notYet}</p>
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
          <dl className="grid grid-cols-2 gap-3">
            <Figure
              label={t('closed.count')}
              value={formatCount(record.closedPositions.count)}
              format={(v) => v}
              empty={notYet}
            />
            <Figure
              label={t('closed.winRate')}
              value={record.closedPositions.winRatePct}
              format={formatPct}
              empty={notYet}
            />
            <Figure
              label={t('closed.averageWin')}
              value={record.closedPositions.averageWinPct}
              format={formatSignedPct}
              empty={t('none')}
              tone
            />
            <Figure
              label={t('closed.averageLoss')}
              value={record.closedPositions.averageLossPct}
              format={formatSignedPct}
              empty={t('none')}
              tone
            />
          </dl>
        </Section>
      </div>

      <Section title={t('orders.title')} description={t('orders.description')}>
        <OrderLog strategyId={strategy.id} />
      </Section>

      <Section title={t('copiers.title')} description={t('copiers.description')}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Figure
            label={t('copiers.opened')}
            value={formatCount(record.copierOutcomes.opened)}
            format={(v) => v}
            empty={notYet}
          />
          <Figure
            label={t('copiers.closed')}
            value={formatCount(record.copierOutcomes.closed)}
            format={(v) => v}
            empty={notYet}
          />
          <Figure
            label={t('copiers.inProfit')}
            value={record.copierOutcomes.profitableSharePct}
            format={formatPct}
            empty={notYet}
          />
          <Figure
            label={t('copiers.lowerQuartile')}
            value={record.copierOutcomes.lowerQuartilePct}
            format={formatSignedPct}
            empty={notYet}
            tone
          />
          <Figure
            label={t('copiers.median')}
            value={record.copierOutcomes.medianPct}
            format={formatSignedPct}
            empty={notYet}
            tone
          />
          <Figure
            label={t('copiers.upperQuartile')}
            value={record.copierOutcomes.upperQuartilePct}
            format={formatSignedPct}
            empty={notYet}
            tone
          />
        </dl>
      </Section>

      <Section title={t('copying.title')} description={t('copying.description')}>
        <CopyingOverTime copying={record.copying} />
      </Section>

      {/* The page's risk warning is the product's one text, RiskWarning above: no other wording. */}
      <p className="mt-8 text-sm text-muted">
        {t('method')}{' '}
        <Link to="/risk" className="text-brand underline underline-offset-2">
          {t('riskLink')}
        </Link>
      </p>
    </Page>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="mt-6 rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-text">{title}</h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Figure({
  label,
  value,
  format,
  empty,
  tone = false,
}: {
  label: string;
  value: string | null;
  format: (value: string) => string;
  empty: string;
  tone?: boolean;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-surface-2 p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={clsx(
          'mt-1 font-semibold tabular-nums',
          value === null
            ? 'text-sm text-muted'
            : ['text-lg', tone ? signTone(signAsShown(value)) : 'text-text'],
        )}
      >
        {value === null ? empty : format(value)}
      </dd>
    </div>
  );
}

function RiskScore({ score }: { score: number | null }) {
  const { t } = useTranslation('strategies');
  if (score === null) return <p className="text-sm text-muted">{t('risk.scoreNotYet')}</p>;
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
          <span
            key={i}
            className={clsx(
              'h-2 rounded-full',
              i < score
                ? score >= 7
                  ? 'bg-danger'
                  : score >= 4
                    ? 'bg-warning'
                    : 'bg-brand'
                : 'bg-surface-2',
            )}
          />
        ))}
      </div>
    </div>
  );
}
