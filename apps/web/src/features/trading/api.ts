import type { NavPoint } from '@app/shared/schemas/strategies';
import type { ClosedTrade, CreateTradeInput, CurrentTrade } from '@app/shared/schemas/trades';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NavsEvent } from '@app/shared/schemas/realtime';
import { api, newIdempotencyKey } from '../../lib/api';
import { accountKeys, accountSummaryQuery, type AccountSummary } from '../account/api';
import { publicKeys } from '../public/api';
import { transactionKeys } from '../transactions/api';

export type { ClosedTrade, CurrentTrade };

/**
 * The follower's open trade. Keys sit under `['trade']`, which the realtime `trade.changed` event
 * already invalidates; a `navs` event for the trade's strategy refetches its value.
 */
export const tradeKeys = {
  all: ['trade'] as const,
  current: ['trade', 'current'] as const,
};

export const currentTradeQuery = queryOptions({
  queryKey: tradeKeys.current,
  queryFn: ({ signal }) => api.get<{ trade: CurrentTrade | null }>('/api/trades/current', signal),
  select: (data) => data.trade,
});

/**
 * The dashboard's open trade: the one in the account summary, valued at the same instant as the
 * balances beside it, so the Account Balance always equals available + held + this trade's value.
 */
export const summaryTradeQuery = queryOptions({
  ...accountSummaryQuery,
  select: (summary: AccountSummary) => summary.openTrade,
});

export const tradesApi = {
  /** Invest in a plan; one idempotency key per confirmation, so a retry books once. */
  open: (input: CreateTradeInput, idempotencyKey: string) =>
    api.post<{ trade: CurrentTrade }>('/api/trades', input, idempotencyKey),
  claim: (idempotencyKey: string) =>
    api.post<{ trade: ClosedTrade }>('/api/trades/current/claim', {}, idempotencyKey),
  close: (idempotencyKey: string) =>
    api.post<{ trade: ClosedTrade }>('/api/trades/current/close', {}, idempotencyKey),
  updateStopLoss: (stopLossPct: number) =>
    api.patch<{ trade: CurrentTrade }>('/api/trades/current', { stopLossPct }),
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
  return useTradeMove((input: CreateTradeInput, key) => tradesApi.open(input, key));
}

export function useClaimProfit() {
  return useTradeMove((_: void, key) => tradesApi.claim(key));
}

export function useCloseTrade() {
  return useTradeMove((_: void, key) => tradesApi.close(key));
}

/** A new copy stop-loss; no money moves, so the answer is written straight into the cache. */
export function useUpdateStopLoss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stopLossPct: number) => tradesApi.updateStopLoss(stopLossPct),
    onSuccess: (data) => {
      queryClient.setQueryData(tradeKeys.current, data);
      queryClient.setQueryData<AccountSummary>(accountKeys.summary, (summary) =>
        summary ? { ...summary, openTrade: data.trade } : summary,
      );
    },
  });
}

/**
 * The `navs` event (public channel, about once a second): when the open trade's strategy has a
 * new NAV, refetch whatever shows the trade so the server values it (units × NAV) — the browser
 * does no money maths. The account summary carries the trade with the balances, so both move
 * together.
 */
export function refetchTradeOnNewNav(event: NavsEvent, client: QueryClient): void {
  const moved = (trade: CurrentTrade | null | undefined) => {
    const update = trade ? event.navs.find((item) => item.id === trade.strategyId) : undefined;
    return update !== undefined && update.nav !== trade?.currentNav;
  };
  const summary = client.getQueryData<AccountSummary>(accountKeys.summary);
  if (moved(summary?.openTrade)) void client.invalidateQueries({ queryKey: accountKeys.summary });
  const current = client.getQueryData<{ trade: CurrentTrade | null }>(tradeKeys.current);
  if (moved(current?.trade)) void client.invalidateQueries({ queryKey: tradeKeys.current });
}

/** The values of a NAV series as numbers, for drawing only. */
export function navValues(points: readonly NavPoint[] | undefined): number[] {
  return (points ?? []).map((point) => Number(point.nav)).filter(Number.isFinite);
}
