import { formatDate } from '../../../lib/dates';
import { useBook } from '../../../lib/book';
import { PracticeBadge } from '../../../ui/Practice';
import { formatUsd } from '@app/shared/money';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Card,
  DemoStrategyBadge,
  EmptyState,
  QueryErrorState,
  LoadingPlaceholder,
  LoadMore,
  SearchInput,
  signTone,
  useDebouncedValue,
} from '../../../ui';
import { tradeHistoryQuery, type HistoryTrade } from '../api';
import { formatRoi, formatSignedUsd } from '../format';

/**
 * /trades/history: every closed copy, newest close first, over its whole life — when it opened
 * and closed, why, what was paid in (first amount + added), what came back (removals, claims and
 * the close, after fees), the fees and the result (out − in) — searched by plan or strategy, a
 * page at a time. Each part is one transaction's amount, so the row reconciles with the list.
 */
export function TradeHistoryPage() {
  const { t } = useTranslation('trading');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const book = useBook();
  const query = useInfiniteQuery({
    ...tradeHistoryQuery(book, q),
    placeholderData: keepPreviousData,
  });
  const trades = query.data?.pages.flatMap((page) => page.trades) ?? [];

  return (
    <Card
      title={<span className="text-lg">{t('history.title')}</span>}
      description={t('history.description')}
      aria-busy={query.isFetching || undefined}
    >
      <SearchInput
        id="trade-history-search"
        className="mb-4"
        label={t('history.searchLabel')}
        placeholder={t('history.searchPlaceholder')}
        value={text}
        onChange={setText}
        searching={query.isFetching && !query.isFetchingNextPage && !query.isPending}
      />
      {query.isPending ? (
        <LoadingPlaceholder label={t('loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-28 animate-pulse rounded-xl bg-surface-2" />
          ))}
        </LoadingPlaceholder>
      ) : query.isError && trades.length === 0 ? (
        <QueryErrorState query={query} title={t('history.loadError')} retryLabel={t('retry')} />
      ) : trades.length === 0 ? (
        <EmptyState
          title={t('history.empty')}
          description={q ? t('history.emptySearchHint', { q }) : t('history.emptyHint')}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {trades.map((trade) => (
              <HistoryRow key={trade.id} trade={trade} />
            ))}
          </ul>
          <LoadMore pages={query} label={t('history.loadMore')} className="mt-4" />
        </>
      )}
    </Card>
  );
}

function HistoryRow({ trade }: { trade: HistoryTrade }) {
  const { t } = useTranslation('trading');
  const tone = signTone(trade.profitCents);
  return (
    <li
      data-testid="history-trade"
      className="rounded-xl border border-border bg-surface-2/40 p-4 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <PracticeBadge book={trade.book} />
        <span className="font-semibold text-text">{trade.planTitle}</span>
        <span className="text-muted">{trade.strategyName}</span>
        <DemoStrategyBadge runBy={trade.strategyRunBy} />
        <span className="ml-auto">
          <Badge tone={trade.closeReason === 'stop_loss' ? 'danger' : 'neutral'}>
            {t(`history.reasons.${trade.closeReason}`)}
          </Badge>
        </span>
      </div>
      <p className="mt-1 text-xs text-muted">
        {t('history.period', {
          opened: formatDate(trade.openedAt),
          closed: formatDate(trade.closedAt),
        })}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-5">
        <Figure label={t('history.in')} testId="history-in" parts={paidInParts(trade, t)}>
          {formatUsd(trade.amountCents)}
        </Figure>
        <Figure label={t('history.out')} testId="history-out" parts={takenOutParts(trade, t)}>
          {formatUsd(trade.payoutCents)}
        </Figure>
        <Figure label={t('history.fee')}>{formatUsd(trade.feeCents)}</Figure>
        <Figure
          label={t('history.result')}
          testId="history-result"
          className={tone}
          parts={t('history.parts.result')}
        >
          {formatSignedUsd(trade.profitCents)}
        </Figure>
        <Figure label={t('figures.roi')} className={tone}>
          {formatRoi(trade.roiPct)}
        </Figure>
      </dl>
    </li>
  );
}

type T = ReturnType<typeof useTranslation<'trading'>>['t'];

/** What was paid in, as the transactions list it: the first amount, then what was added. */
function paidInParts(trade: HistoryTrade, t: T): string {
  const parts = [t('history.parts.invested', { amount: formatUsd(trade.openedCents) })];
  if (trade.addedCents > 0) {
    parts.push(t('history.parts.added', { amount: formatUsd(trade.addedCents) }));
  }
  return parts.join(' + ');
}

/** What came back, as the transactions list it: removals, profit claims, then the close. */
function takenOutParts(trade: HistoryTrade, t: T): string {
  const parts: string[] = [];
  if (trade.removedCents > 0) {
    parts.push(t('history.parts.removed', { amount: formatUsd(trade.removedCents) }));
  }
  if (trade.claimedCents > 0) {
    parts.push(t('history.parts.claimed', { amount: formatUsd(trade.claimedCents) }));
  }
  parts.push(t('history.parts.closed', { amount: formatUsd(trade.closePayoutCents) }));
  return parts.join(' + ');
}

function Figure({
  label,
  children,
  className,
  parts,
  testId,
}: {
  label: string;
  children: string;
  className?: string;
  /** How the figure is made up, under it. */
  parts?: string;
  testId?: string;
}) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`font-medium tabular-nums ${className ?? 'text-text'}`}>{children}</dd>
      {parts && <dd className="text-xs leading-snug text-muted tabular-nums">{parts}</dd>}
    </div>
  );
}
