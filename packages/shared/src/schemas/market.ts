import { z } from 'zod';
import { rule } from '../rules';

/** The instruments the platform prices (the server's market domain holds their parameters). */
export const MARKET_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT'] as const;
export type MarketSymbol = (typeof MARKET_SYMBOLS)[number];

export const SIMULATED_MARKET_LABEL = 'Simulated market data';

/** Unknown instruments are refused by name (400, field `symbol`). */
export const marketSymbolSchema = z.enum(MARKET_SYMBOLS, {
  error: rule('UNKNOWN_INSTRUMENT', { symbols: MARKET_SYMBOLS.join(', ') }),
});

/** Prices and percentages are exact decimal text, never floats. */
export const tickerSchema = z.object({
  symbol: z.enum(MARKET_SYMBOLS),
  base: z.string(),
  price: z.string(),
  /** Price change over the last 24 hours, in %, 2 decimals ("-1.25"). */
  change24hPct: z.string(),
  /** When the price was observed (ISO 8601). */
  at: z.string(),
});
export type Ticker = z.infer<typeof tickerSchema>;

export const tickerListSchema = z.object({
  source: z.enum(['simulated', 'exchange']),
  /** Shown next to every chart and ticker ("Simulated market data"). */
  label: z.string(),
  tickers: z.array(tickerSchema),
});
export type TickerList = z.infer<typeof tickerListSchema>;

export const CANDLE_INTERVALS = ['1m', '1h'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
/** At most this many candles per request. */
export const CANDLES_MAX = 1000;

const epochMs = (field: string) =>
  z.coerce
    .number({ error: rule('TIME_PARAM', { name: field }) })
    .int(rule('TIME_PARAM', { name: field }))
    .min(0, rule('TIME_PARAM', { name: field }))
    .max(8_640_000_000_000_000, rule('TIME_PARAM', { name: field }));

/** `from`/`to` are epoch milliseconds; without them the latest candles are returned. */
export const candleQuerySchema = z.object({
  symbol: marketSymbolSchema,
  interval: z.enum(CANDLE_INTERVALS, { error: rule('INTERVAL_INVALID') }).default('1m'),
  from: epochMs('from').optional(),
  to: epochMs('to').optional(),
  limit: z.coerce
    .number({ error: rule('LIMIT_RANGE', { min: 1, max: CANDLES_MAX }) })
    .int(rule('LIMIT_RANGE', { min: 1, max: CANDLES_MAX }))
    .min(1, rule('LIMIT_RANGE', { min: 1, max: CANDLES_MAX }))
    .max(CANDLES_MAX, rule('LIMIT_RANGE', { min: 1, max: CANDLES_MAX }))
    .default(500),
});
export type CandleQuery = z.input<typeof candleQuerySchema>;

export const candleSchema = z.object({
  /** Interval start, epoch milliseconds. */
  openTime: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
});
export type CandleView = z.infer<typeof candleSchema>;

export const candleListSchema = z.object({
  symbol: z.enum(MARKET_SYMBOLS),
  interval: z.enum(CANDLE_INTERVALS),
  label: z.string(),
  candles: z.array(candleSchema),
});
export type CandleList = z.infer<typeof candleListSchema>;

/** Realtime `public` channel event `prices` (about once per second). */
export const pricesEventSchema = z.object({
  at: z.number().int(),
  quotes: z.array(
    z.object({ symbol: z.enum(MARKET_SYMBOLS), price: z.string(), change24hPct: z.string() }),
  ),
});
export type PricesEvent = z.infer<typeof pricesEventSchema>;
