import type { Candle } from './candles';
import type { Instrument, InstrumentSymbol } from './instruments';

/** The latest price of one instrument, as exact decimal text. */
export interface PriceQuote {
  readonly symbol: InstrumentSymbol;
  readonly price: string;
  /** When the price was observed (epoch ms). */
  readonly at: number;
  /** The price 24 hours before `at`, for the ticker's daily change. */
  readonly open24h: string;
}

export type QuoteListener = (quotes: readonly PriceQuote[]) => void;

/**
 * Where prices come from. Two adapters implement it outside this pure folder: `simulated`
 * (a timer around SimulatedFeed and historyCandles) and `exchange` (public ccxt market data).
 * The rest of the server — NAV snapshots, order fills, charts — only ever sees this interface,
 * so what a user sees is what their trade is valued at.
 */
export interface MarketDataSource {
  readonly kind: 'simulated' | 'exchange';
  /** Shown next to every chart, e.g. "Simulated market data". */
  readonly label: string;
  readonly instruments: readonly Instrument[];
  /** The most recent quote of every instrument. */
  latestPrices(): Promise<ReadonlyMap<InstrumentSymbol, PriceQuote>>;
  /** Complete 1-minute candles with openTime in [fromMs, toMs), oldest first. */
  candles(symbol: InstrumentSymbol, fromMs: number, toMs: number): Promise<readonly Candle[]>;
  /** Calls `listener` with each batch of new quotes; returns the unsubscribe function. */
  subscribe(listener: QuoteListener): () => void;
  /** Stops timers and connections. */
  close(): Promise<void>;
}
