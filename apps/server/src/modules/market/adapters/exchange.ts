import type { Logger } from 'pino';
import type { Clock } from '../../../context';
import {
  INSTRUMENTS,
  INSTRUMENT_SYMBOLS,
  type Candle,
  type InstrumentSymbol,
  type MarketDataSource,
  type PriceQuote,
  type QuoteListener,
} from '../domain';
import {
  ccxtSymbol,
  exchangePrice,
  fetchCandlesPaged,
  type ExchangeLike,
} from './exchange-candles';

export interface ExchangeSourceOptions {
  exchangeId: string;
  clock: Clock;
  log: Logger;
  /** How often tickers are polled while connected. */
  pollMs?: number;
  /** Tests inject a stub; production loads ccxt lazily. */
  exchange?: ExchangeLike;
}

/** Loads ccxt only when MARKET_DATA=exchange, so the default start never pays for it. */
async function loadExchange(exchangeId: string): Promise<ExchangeLike> {
  const ccxt = (await import('ccxt')) as unknown as {
    default?: Record<string, unknown>;
  } & Record<string, unknown>;
  const ExchangeClass = (ccxt[exchangeId] ?? ccxt.default?.[exchangeId]) as
    (new (options: Record<string, unknown>) => ExchangeLike) | undefined;
  if (typeof ExchangeClass !== 'function') {
    throw new Error(`ccxt has no exchange called "${exchangeId}"`);
  }
  return new ExchangeClass({ enableRateLimit: true, timeout: 10_000 });
}

export function exchangeLabel(exchangeId: string): string {
  return `Market data: ${exchangeId.charAt(0).toUpperCase()}${exchangeId.slice(1)}`;
}

/** The quotes of the instruments the exchange's tickers price (`now` when a ticker has no time). */
function quotesOf(
  tickers: Awaited<ReturnType<ExchangeLike['fetchTickers']>>,
  now: number,
): PriceQuote[] {
  const quotes: PriceQuote[] = [];
  for (const symbol of INSTRUMENT_SYMBOLS) {
    const ticker = tickers[ccxtSymbol(symbol)];
    const price = exchangePrice(ticker?.last, symbol);
    if (!price) continue;
    quotes.push({
      symbol,
      price,
      at: ticker?.timestamp ?? now,
      open24h: exchangePrice(ticker?.open, symbol) ?? price,
    });
  }
  return quotes;
}

/**
 * Public market data of a real exchange through ccxt: tickers are polled (every 2 s by default);
 * a failed poll backs off (1 s, 2 s, 4 s... up to 60 s) and keeps trying, so a dropped connection
 * reconnects by itself. Missing candles after an outage are back-filled by the market service's
 * gap job through `candles()`.
 */
export function createExchangeSource(options: ExchangeSourceOptions): MarketDataSource {
  const pollMs = options.pollMs ?? 2000;
  const latest = new Map<InstrumentSymbol, PriceQuote>();
  const listeners = new Set<QuoteListener>();
  let exchangePromise: Promise<ExchangeLike> | null = options.exchange
    ? Promise.resolve(options.exchange)
    : null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const exchange = (): Promise<ExchangeLike> => {
    exchangePromise ??= loadExchange(options.exchangeId).catch((error: unknown) => {
      exchangePromise = null;
      throw error;
    });
    return exchangePromise;
  };

  async function poll(): Promise<void> {
    const client = await exchange();
    const tickers = await client.fetchTickers(INSTRUMENT_SYMBOLS.map(ccxtSymbol));
    const quotes = quotesOf(tickers, options.clock.now().getTime());
    for (const quote of quotes) latest.set(quote.symbol, quote);
    if (quotes.length > 0) for (const listener of listeners) listener(quotes);
  }

  function schedule(delay: number): void {
    if (closed) return;
    timer = setTimeout(() => {
      poll()
        .then(() => {
          if (failures > 0) options.log.info('exchange market data reconnected');
          failures = 0;
          schedule(pollMs);
        })
        .catch((error: unknown) => {
          failures += 1;
          const backoff = Math.min(60_000, 1000 * 2 ** Math.min(6, failures - 1));
          options.log.warn({ err: error, retryInMs: backoff }, 'exchange market data unavailable');
          schedule(backoff);
        });
    }, delay);
    timer.unref();
  }
  schedule(0);

  return {
    kind: 'exchange',
    label: exchangeLabel(options.exchangeId),
    instruments: [...INSTRUMENTS.values()],
    latestPrices: () => Promise.resolve(new Map(latest)),
    async candles(
      symbol: InstrumentSymbol,
      fromMs: number,
      toMs: number,
    ): Promise<readonly Candle[]> {
      return fetchCandlesPaged(await exchange(), symbol, fromMs, toMs);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      listeners.clear();
      return Promise.resolve();
    },
  };
}
