import type { NavPoint } from '@app/shared/schemas/strategies';
import type { ClosedTrade, CreateTradeInput, CurrentTrade } from '@app/shared/schemas/trades';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AccountSummary } from '@app/shared/schemas/account';
import type { NavsEvent } from '@app/shared/schemas/realtime';
import { api } from '../../lib/api';
import { accountSummaryQuery, moneyKeys } from '../transactions/api';

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
    queryClient.invalidateQueries({ queryKey: ['account'] }),
    queryClient.invalidateQueries({ queryKey: ['transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['public', 'plans'] }),
  ]).then(() => undefined);
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
  const summary = client.getQueryData<AccountSummary>(moneyKeys.summary);
  if (moved(summary?.openTrade)) void client.invalidateQueries({ queryKey: moneyKeys.summary });
  const current = client.getQueryData<{ trade: CurrentTrade | null }>(tradeKeys.current);
  if (moved(current?.trade)) void client.invalidateQueries({ queryKey: tradeKeys.current });
}

/** The values of a NAV series as numbers, for drawing only. */
export function navValues(points: readonly NavPoint[] | undefined): number[] {
  return (points ?? []).map((point) => Number(point.nav)).filter(Number.isFinite);
}
