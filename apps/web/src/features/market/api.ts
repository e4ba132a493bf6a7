import type { CandleList, PricesEvent, TickerList } from '@app/shared/schemas/market';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * Market data, the same feed that values the trades (GET /api/market/tickers and /candles).
 * Only types come from the shared schemas, so the landing page's ticker carries no zod.
 */
export const marketKeys = {
  all: ['market'] as const,
  tickers: ['market', 'tickers'] as const,
  candles: (symbol: string, interval: string) => ['market', 'candles', symbol, interval] as const,
};

export { TICKER_POLL_MS } from './polling';

export const tickersQuery = queryOptions({
  queryKey: marketKeys.tickers,
  queryFn: ({ signal }) => api.get<TickerList>('/api/market/tickers', signal),
  staleTime: 1_000,
});

export function candlesQuery(symbol: string, interval: '1m' | '1h', limit: number) {
  return queryOptions({
    queryKey: marketKeys.candles(symbol, interval),
    queryFn: ({ signal }) =>
      api.get<CandleList>(
        `/api/market/candles?symbol=${encodeURIComponent(symbol)}&interval=${interval}&limit=${limit}`,
        signal,
      ),
    staleTime: 60_000,
  });
}

/** The Live Trade chart's history: the last 240 one-minute candles, read again every 5 minutes. */
export const LIVE_TRADE_CANDLES = 240;
export function liveTradeCandlesQuery(symbol: string) {
  return queryOptions({
    ...candlesQuery(symbol, '1m', LIVE_TRADE_CANDLES),
    refetchInterval: 300_000,
  });
}

/**
 * Applies a realtime `prices` event to the cached ticker list: each quote replaces its
 * instrument's price and 24 h change; instruments the list does not know are ignored.
 */
export function applyPrices(
  list: TickerList | undefined,
  event: PricesEvent,
): TickerList | undefined {
  if (!list) return list;
  const at = new Date(event.at).toISOString();
  const bySymbol = new Map(event.quotes.map((quote) => [quote.symbol, quote]));
  return {
    ...list,
    tickers: list.tickers.map((ticker) => {
      const quote = bySymbol.get(ticker.symbol);
      return quote
        ? { ...ticker, price: quote.price, change24hPct: quote.change24hPct, at }
        : ticker;
    }),
  };
}
