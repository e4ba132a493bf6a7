import type { NavPoint } from '@app/shared/schemas/strategies';
import type { ClosedTrade, CreateTradeInput, CurrentTrade } from '@app/shared/schemas/trades';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { onRealtimeEvent } from '../../lib/realtime';

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

interface NavsEvent {
  at: number;
  navs: { id: string; nav: string }[];
}

function isNavsEvent(data: unknown): data is NavsEvent {
  return Array.isArray((data as Partial<NavsEvent> | null)?.navs);
}

/**
 * `navs` (public channel, about once a second): when the open trade's strategy has a new NAV,
 * refetch the trade so the server values it (units × NAV) — the browser does no money maths.
 */
onRealtimeEvent('navs', (message, client) => {
  if (!isNavsEvent(message.data)) return;
  const cached = client.getQueryData<{ trade: CurrentTrade | null }>(tradeKeys.current);
  const trade = cached?.trade;
  if (!trade) return;
  const update = message.data.navs.find((item) => item.id === trade.strategyId);
  if (update && update.nav !== trade.currentNav) {
    void client.invalidateQueries({ queryKey: tradeKeys.current });
  }
});

/** The values of a NAV series as numbers, for drawing only. */
export function navValues(points: readonly NavPoint[] | undefined): number[] {
  return (points ?? []).map((point) => Number(point.nav)).filter(Number.isFinite);
}
