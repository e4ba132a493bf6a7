import type { Clock } from '../../../context';
import {
  INSTRUMENTS,
  SimulatedFeed,
  historyCandles,
  type Candle,
  type InstrumentSymbol,
  type MarketDataSource,
  type PriceQuote,
  type QuoteListener,
  type ReferencePrices,
} from '../domain';

export const SIMULATED_LABEL = 'Simulated market data';

/**
 * The embedded default: deterministic, seeded prices (a pure function of seed, symbol, reference
 * and second) around the operator's reference prices (MARKET_REFERENCE_PRICES; the instruments'
 * defaults otherwise), so every instance, every restart and every back-filled candle agree. Time
 * comes from the injected clock, so tests drive the market with a TestClock.
 */
export function createSimulatedSource(
  seed: number,
  clock: Clock,
  references: ReferencePrices = {},
): MarketDataSource {
  const feed = new SimulatedFeed(seed, undefined, references);
  const timers = new Set<NodeJS.Timeout>();
  return {
    kind: 'simulated',
    label: SIMULATED_LABEL,
    instruments: [...INSTRUMENTS.values()],
    latestPrices() {
      const quotes = feed.quotesAt(clock.now().getTime());
      return Promise.resolve(
        new Map<InstrumentSymbol, PriceQuote>(quotes.map((q) => [q.symbol, q])),
      );
    },
    candles(symbol: InstrumentSymbol, fromMs: number, toMs: number): Promise<readonly Candle[]> {
      return Promise.resolve(historyCandles(seed, symbol, fromMs, toMs, references[symbol]));
    },
    subscribe(listener: QuoteListener) {
      const timer = setInterval(() => listener(feed.quotesAt(clock.now().getTime())), 1000);
      timer.unref();
      timers.add(timer);
      return () => {
        clearInterval(timer);
        timers.delete(timer);
      };
    },
    close() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      return Promise.resolve();
    },
  };
}
