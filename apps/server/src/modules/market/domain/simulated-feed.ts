import { INSTRUMENT_SYMBOLS, type InstrumentSymbol } from './instruments';
import type { PriceQuote } from './market-data-source';
import { pricesAt } from './price-path';
import { DAY_MS } from './candles';

/** The operator's reference prices (MARKET_REFERENCE_PRICES); an instrument left out keeps its default. */
export type ReferencePrices = Partial<Record<InstrumentSymbol, string>>;

/**
 * The pure core of the simulated adapter: quotes for a clock the caller drives. Prices are a
 * function of (seed, symbol, reference, second), so two server instances with the same seed and
 * references quote the same prices, and a restart continues the same market.
 */
export class SimulatedFeed {
  private lastAt = -Infinity;

  constructor(
    readonly seed: number,
    readonly symbols: readonly InstrumentSymbol[] = INSTRUMENT_SYMBOLS,
    readonly references: ReferencePrices = {},
  ) {}

  /** Quotes of every symbol at `nowMs`, with no state involved. */
  quotesAt(nowMs: number): PriceQuote[] {
    return this.symbols.map((symbol) => {
      const [open24h, price] = pricesAt(
        this.seed,
        symbol,
        [nowMs - DAY_MS, nowMs],
        this.references[symbol],
      ) as [string, string];
      return { symbol, price, at: nowMs, open24h };
    });
  }

  /** The next batch of quotes; time may stand still but never run backwards. */
  next(nowMs: number): PriceQuote[] {
    if (nowMs < this.lastAt) {
      throw new RangeError(`SimulatedFeed clock went backwards: ${nowMs} < ${this.lastAt}`);
    }
    this.lastAt = nowMs;
    return this.quotesAt(nowMs);
  }
}
