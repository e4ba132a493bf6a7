import { formatUsd } from '@app/shared/money';
import type { AccountSummary } from '@app/shared/schemas/account';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Card, LoadingPlaceholder, QueryErrorState, signTone } from '../../../ui';
import { signAsShown } from '../../market/decimal';
import { useBook } from '../../../lib/book';
import { accountSummaryQuery, practiceQuery } from '../../account/api';
import { returnLine } from '../lib/statusTexts';

/**
 * Account Balance, the return since investing began, and the four totals — every figure from one
 * answer of GET /api/account/summary (the ledger, and the open trade valued at the same instant),
 * refreshed by the realtime `account.changed` event and by each new NAV of the open trade's
 * strategy: the balance is always available + on hold + the open trade's value shown beside it.
 */
export function AccountOverview() {
  const { t } = useTranslation('dashboard');
  const book = useBook();
  const summary = useQuery(accountSummaryQuery(book));
  if (summary.isPending) return <OverviewSkeleton />;
  if (summary.isError) {
    return (
      <QueryErrorState query={summary} title={t('figures.error')} retryLabel={t('figures.retry')} />
    );
  }
  const data = summary.data;
  return (
    <section
      aria-label={t('figures.label')}
      className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
    >
      <BalanceCard summary={data} practising={book === 'practice'} />
      {book === 'practice' ? (
        <PracticeTotals summary={data} />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4">
          <Stat label={t('figures.totalDeposits')} cents={data.totalDepositsCents} />
          <Stat label={t('figures.totalProfit')} cents={data.totalProfitCents} />
          <Stat label={t('figures.totalBonus')} cents={data.totalBonusCents} />
          <Stat label={t('figures.totalWithdrawals')} cents={data.totalWithdrawalsCents} />
        </div>
      )}
    </section>
  );
}

/**
 * The practice account's totals: what it started with and what its copies made; no deposits,
 * bonus or withdrawals exist in virtual money.
 */
function PracticeTotals({ summary }: { summary: AccountSummary }) {
  const { t } = useTranslation('dashboard');
  const practice = useQuery(practiceQuery).data;
  const startedCents = practice?.account?.startingCents ?? practice?.startingCents;
  return (
    <div className="grid grid-cols-2 content-start gap-3 sm:gap-4">
      {startedCents !== undefined && (
        <Stat label={t('practice.startedWith')} cents={startedCents} />
      )}
      <Stat label={t('figures.totalProfit')} cents={summary.totalProfitCents} />
    </div>
  );
}

function BalanceCard({ summary, practising }: { summary: AccountSummary; practising: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card
      className={clsx(
        'relative overflow-hidden bg-gradient-to-br from-surface',
        practising ? 'to-practice/10' : 'to-brand/10',
      )}
    >
      <p className="text-sm text-muted">{t(practising ? 'practice.balance' : 'figures.balance')}</p>
      <p
        data-testid="balance"
        className="mt-2 text-3xl font-semibold tracking-tight text-text tabular-nums sm:text-4xl"
      >
        {formatUsd(summary.balanceCents)}
      </p>
      <ReturnLineView summary={summary} />
      <p className="mt-3 text-xs text-muted">
        {practising
          ? t('practice.balanceHint')
          : summary.openTrades.length > 1
            ? t('figures.balanceHintTrades')
            : summary.openTrades.length === 1
              ? t('figures.balanceHintTrade')
              : t('figures.balanceHint')}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-border pt-4 text-sm">
        <div>
          <dt className="text-muted">{t('figures.available')}</dt>
          <dd className="mt-0.5 font-medium text-text tabular-nums">
            {formatUsd(summary.availableCents)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('figures.invested')}</dt>
          <dd data-testid="open-trades-value" className="mt-0.5 font-medium text-text tabular-nums">
            {formatUsd(summary.openTradesValueCents)}
          </dd>
          {summary.openTrades.length > 0 && (
            <dd className="text-xs text-muted tabular-nums">
              {t('figures.investedCost', { amount: formatUsd(summary.investedCents) })}
            </dd>
          )}
        </div>
        {summary.heldCents > 0 && (
          <div className="col-span-2">
            <dt className="text-muted">{t('figures.held')}</dt>
            <dd className="mt-0.5 font-medium text-text tabular-nums">
              {formatUsd(summary.heldCents)}
            </dd>
          </div>
        )}
      </dl>
    </Card>
  );
}

/** The return since investing began, or "No investments yet" (returnLine's rule). */
function ReturnLineView({ summary }: { summary: AccountSummary }) {
  const { t } = useTranslation('dashboard');
  const line = returnLine(summary);
  if (line.kind === 'none') return null;
  if (line.kind === 'notInvested') {
    return (
      <p
        data-testid="percent-change"
        data-direction="none"
        className="mt-2 inline-flex items-center rounded-full bg-surface-2 px-2.5 py-1 text-sm font-medium text-muted"
      >
        {t('figures.notInvested')}
      </p>
    );
  }
  return <PercentChange value={line.value} />;
}

/** docs/product.md: the total return since investing began, 2 decimals, shown as up or down. */
export function PercentChange({ value }: { value: string }) {
  const { t } = useTranslation('dashboard');
  const magnitude = value.trim().replace(/^[-+]/, '');
  const sign = signAsShown(value);
  const direction = sign < 0 ? 'down' : sign > 0 ? 'up' : 'flat';
  return (
    <p
      data-testid="percent-change"
      data-direction={direction}
      className={clsx(
        'mt-2 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-medium',
        signTone(sign),
        direction === 'down' && 'bg-danger/10',
        direction === 'up' && 'bg-brand/10',
        direction === 'flat' && 'bg-surface-2',
      )}
    >
      {direction !== 'flat' && <span aria-hidden="true">{direction === 'down' ? '▼' : '▲'}</span>}
      {t(`figures.${direction}`, { pct: magnitude })}
    </p>
  );
}

function Stat({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="flex min-w-0 flex-col justify-between gap-2 rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <p className="text-xs text-muted sm:text-sm">{label}</p>
      <p className="truncate text-lg font-semibold text-text tabular-nums sm:text-2xl">
        {formatUsd(cents)}
      </p>
    </div>
  );
}

function OverviewSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <LoadingPlaceholder
      label={t('figures.loading')}
      className="grid animate-pulse gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
    >
      <div className="h-52 rounded-2xl border border-border bg-surface p-6">
        <span className="block h-4 w-28 rounded bg-surface-2" />
        <span className="mt-4 block h-9 w-48 rounded bg-surface-2" />
        <span className="mt-4 block h-6 w-40 rounded-full bg-surface-2" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="h-24 rounded-2xl border border-border bg-surface p-5">
            <span className="block h-3.5 w-24 rounded bg-surface-2" />
            <span className="mt-4 block h-6 w-28 rounded bg-surface-2" />
          </div>
        ))}
      </div>
    </LoadingPlaceholder>
  );
}
