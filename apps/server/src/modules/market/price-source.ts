import type { DbOrTx } from '../../db/client';
import { INSTRUMENT_SYMBOLS, isInstrumentSymbol, type InstrumentSymbol } from './domain';
import { storedPrices } from './market.repo';
import { PRICE_STALE_AFTER_MS } from './market.options';

/** Fresh prices by instrument; a stale or unknown symbol is absent (using it is PRICE_UNAVAILABLE). */
export type Prices = Map<InstrumentSymbol, string>;

/** A quote as the table holds it (epoch ms). */
export interface StoredQuote {
  symbol: string;
  price: string;
  at: number;
}

/**
 * The prices trades are valued and orders filled at: the stored latest quotes younger than
 * PRICE_STALE_AFTER_MS. One per process, on the context; every reader of prices goes through it.
 */
export interface PriceSource {
  /** The fresh prices at `now`. */
  current(now: number): Promise<Prices>;
  /**
   * The price tick (leader only) stored `quotes` and the table now holds exactly them (`null`: the
   * table kept newer quotes from another instance). They may be served from memory until `until`.
   */
  recorded(quotes: readonly StoredQuote[] | null, until: number): void;
}

export function freshPrices(quotes: Iterable<StoredQuote>, now: number): Prices {
  const prices: Prices = new Map();
  for (const quote of quotes) {
    if (!isInstrumentSymbol(quote.symbol)) continue;
    if (now - quote.at > PRICE_STALE_AFTER_MS) continue;
    prices.set(quote.symbol, quote.price);
  }
  return prices;
}

/**
 * Reads the table, except on the instance taking the ticks: it answers from its own last tick for a
 * few ticks (a tick runs late under load), no longer, so an instance that stopped leading is soon
 * back on the table. (Bench: the leader's invest/close/summary requests save one statement each.)
 */
export function createPriceSource(db: DbOrTx): PriceSource {
  let memory: { until: number; quotes: Map<string, StoredQuote> } | undefined;
  return {
    async current(now) {
      // A `now` from before the tick (a request's start) may use it: the table holds the same.
      if (memory && now <= memory.until && memory.quotes.size === INSTRUMENT_SYMBOLS.length) {
        return freshPrices(memory.quotes.values(), now);
      }
      const rows = await storedPrices(db);
      return freshPrices(
        rows.map((row) => ({ symbol: row.symbol, price: row.price, at: row.at.getTime() })),
        now,
      );
    },
    recorded(quotes, until) {
      if (quotes === null) {
        memory = undefined;
        return;
      }
      const merged = new Map(memory?.quotes);
      for (const quote of quotes) merged.set(quote.symbol, quote);
      memory = { until, quotes: merged };
    },
  };
}
