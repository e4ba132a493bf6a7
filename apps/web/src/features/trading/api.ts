import type { NavPoint } from '@app/shared/schemas/strategies';
import type {
  ClosedTrade,
  CreateTradeInput,
  CurrentTrade,
  FundsAction,
  FundsChange,
  FundsChangeResponse,
  HistoryTrade,
  TradeHistoryPage,
  UpdateTradeInput,
} from '@app/shared/schemas/trades';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NavsEvent } from '@app/shared/schemas/realtime';
import { api, newIdempotencyKey } from '../../lib/api';
import { BOOKS, type Book } from '../../lib/book';
import { cursorPagesQuery } from '../../lib/cursorPages';
import {
  accountKeys,
  accountSummaryQuery,
  bookParams,
  inBook,
  type AccountSummary,
} from '../account/api';
import { publicKeys } from '../public/api';
import { transactionKeys } from '../transactions/api';

export type { ClosedTrade, CurrentTrade, FundsAction, FundsChange, HistoryTrade };

/**
 * The follower's open trades (one per plan and book: real, or practice with virtual money). Keys
 * sit under `['trade']`, which the realtime `trade.changed` event already invalidates for both
 * books; a `navs` event for a trade's strategy refetches its value.
 */
export const tradeKeys = {
  all: ['trade'] as const,
  open: (book: Book) => ['trade', 'open', book] as const,
  history: (book: Book, q: string) => ['trade', 'history', book, q] as const,
};

export const TRADE_HISTORY_PAGE_SIZE = 20;

/** Closed trades, newest close first, searched by plan or strategy (GET /api/trades/history). */
export function tradeHistoryQuery(book: Book, q: string) {
  return cursorPagesQuery<TradeHistoryPage>({
    queryKey: tradeKeys.history(book, q),
    path: '/api/trades/history',
    limit: TRADE_HISTORY_PAGE_SIZE,
    q,
    params: bookParams(book),
  });
}

/** Every open trade of `book`, newest first (GET /api/trades/open). */
export function openTradesQuery(book: Book) {
  return queryOptions({
    queryKey: tradeKeys.open(book),
    queryFn: ({ signal }) =>
      api.get<{ trades: CurrentTrade[] }>(inBook('/api/trades/open', book), signal),
    select: (data) => data.trades,
  });
}

/**
 * The dashboard's open trades: the ones in the account summary, valued at the same instant as
 * the balances beside them, so the Account Balance always equals available + held + their value.
 */
function openPortfolio(summary: AccountSummary) {
  return {
    trades: summary.openTrades,
    investedCents: summary.investedCents,
    valueCents: summary.openTradesValueCents,
    profitCents: summary.openTradesProfitCents,
    allocation: summary.allocation,
  };
}
export function summaryTradesQuery(book: Book) {
  return queryOptions({ ...accountSummaryQuery(book), select: openPortfolio });
}
export type OpenPortfolio = ReturnType<typeof openPortfolio>;

/** A copy of the practice book names it; one without `book` is a real one. */
export type NewTrade = CreateTradeInput & { book?: Book };

const tradePath = (tradeId: string) => `/api/trades/${encodeURIComponent(tradeId)}`;

export const tradesApi = {
  /** Invest in a plan; one idempotency key per confirmation, so a retry books once. */
  open: (input: NewTrade, idempotencyKey: string) =>
    api.post<{ trade: CurrentTrade }>('/api/trades', input, idempotencyKey),
  /** Claim Profit: the profit out, the trade left open with its amount. */
  claim: (tradeId: string, idempotencyKey: string) =>
    api.post<FundsChangeResponse>(`${tradePath(tradeId)}/claim`, {}, idempotencyKey),
  close: (tradeId: string, idempotencyKey: string) =>
    api.post<{ trade: ClosedTrade }>(`${tradePath(tradeId)}/close`, {}, idempotencyKey),
  /** What adding or taking out `amountCents` would do at the NAV now (nothing is booked). */
  fundsQuote: (tradeId: string, action: FundsAction, amountCents: number, signal?: AbortSignal) =>
    api.get<FundsChange>(
      `${tradePath(tradeId)}/funds-quote?action=${action}&amount=${amountCents}`,
      signal,
    ),
  /** Add funds to, or take funds out of, an open trade; `amount` as typed (dollars). */
  changeFunds: (tradeId: string, action: FundsAction, amount: string, idempotencyKey: string) =>
    api.post<FundsChangeResponse>(
      `${tradePath(tradeId)}/${action}-funds`,
      { amount },
      idempotencyKey,
    ),
  /** A new stop-loss and/or take-profit (null removes the take-profit). */
  updateRules: (tradeId: string, rules: UpdateTradeInput) =>
    api.patch<{ trade: CurrentTrade }>(tradePath(tradeId), rules),
};

/** After investing, claiming or closing: the trade and every money figure are stale. */
export function invalidateTradeAndMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({ queryKey: publicKeys.plans }),
  ]).then(() => undefined);
}

/**
 * The three money moves on a trade. Each hook is used by a dialog mounted once per intent, so its
 * idempotency key is made when the dialog opens and a retry ("Try again") books once. On success
 * the trade and every money figure are marked stale.
 */
function useTradeMove<TVariables, TResult>(
  request: (variables: TVariables, idempotencyKey: string) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (variables: TVariables) => request(variables, idempotencyKey),
    onSuccess: () => void invalidateTradeAndMoney(queryClient),
  });
}

export function useOpenTrade() {
  return useTradeMove((input: NewTrade, key) => tradesApi.open(input, key));
}

export function useClaimProfit(tradeId: string) {
  return useTradeMove((_: void, key) => tradesApi.claim(tradeId, key));
}

export function useCloseTrade(tradeId: string) {
  return useTradeMove((_: void, key) => tradesApi.close(tradeId, key));
}

/** Add funds or Remove funds, booked once per confirmation (its idempotency key). */
export function useChangeFunds(tradeId: string, action: FundsAction) {
  return useTradeMove((amount: string, key) => tradesApi.changeFunds(tradeId, action, amount, key));
}

/** The confirmation's figures for an amount (refetched while the dialog is open). */
export function fundsQuoteQuery(tradeId: string, action: FundsAction, amountCents: number) {
  return queryOptions({
    queryKey: [...tradeKeys.all, tradeId, 'funds-quote', action, amountCents] as const,
    queryFn: ({ signal }) => tradesApi.fundsQuote(tradeId, action, amountCents, signal),
    retry: false,
  });
}

/**
 * A new stop-loss or take-profit; no money moves, so the answer is written straight into the
 * cache.
 */
export function useUpdateTradeRules(tradeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: UpdateTradeInput) => tradesApi.updateRules(tradeId, rules),
    onSuccess: ({ trade }) => {
      const replace = (trades: CurrentTrade[]) =>
        trades.map((open) => (open.id === trade.id ? trade : open));
      // The copy's own book: a practice copy is listed with the practice account's money.
      const book = trade.book;
      queryClient.setQueryData<{ trades: CurrentTrade[] }>(tradeKeys.open(book), (data) =>
        data ? { trades: replace(data.trades) } : data,
      );
      queryClient.setQueryData<AccountSummary>(accountKeys.summary(book), (summary) =>
        summary ? { ...summary, openTrades: replace(summary.openTrades) } : summary,
      );
    },
  });
}

/**
 * The `navs` event (public channel, about once a second): when an open trade's strategy has a
 * new NAV, refetch whatever shows the trades so the server values them (units × NAV) — the
 * browser does no money maths. The account summary carries the trades with the balances, so
 * both move together.
 */
export function refetchTradeOnNewNav(event: NavsEvent, client: QueryClient): void {
  const moved = (trades: CurrentTrade[] | undefined) =>
    (trades ?? []).some((trade) => {
      const update = event.navs.find((item) => item.id === trade.strategyId);
      return update !== undefined && update.nav !== trade.currentNav;
    });
  for (const book of BOOKS) {
    const summaryKey = accountKeys.summary(book);
    const summary = client.getQueryData<AccountSummary>(summaryKey);
    if (moved(summary?.openTrades)) void client.invalidateQueries({ queryKey: summaryKey });
    const openKey = tradeKeys.open(book);
    const open = client.getQueryData<{ trades: CurrentTrade[] }>(openKey);
    if (moved(open?.trades)) void client.invalidateQueries({ queryKey: openKey });
  }
}

/** The values of a NAV series as numbers, for drawing only. */
export function navValues(points: readonly NavPoint[] | undefined): number[] {
  return (points ?? []).map((point) => Number(point.nav)).filter(Number.isFinite);
}
