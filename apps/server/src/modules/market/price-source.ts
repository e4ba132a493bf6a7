import type { Logger } from 'pino';
import type { PriceSource as KernelPriceSource, StoredQuote } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { listenForNotices } from '../../db/notices';
import { ALL_ON, createQuoteMemory, type PerformanceSwitches } from '../../db/performance';
import { INSTRUMENT_SYMBOLS, isInstrumentSymbol, type InstrumentSymbol } from './domain';
import { storedPrices } from './market.repo';
import { PRICE_STALE_AFTER_MS } from './market.options';

/** Fresh prices by instrument; a stale or unknown symbol is absent (using it is PRICE_UNAVAILABLE). */
export type Prices = Map<InstrumentSymbol, string>;

/**
 * The prices trades are valued and orders filled at: the stored latest quotes younger than
 * PRICE_STALE_AFTER_MS. One per process, on the context; every reader of prices goes through it.
 * The interface is the kernel's (context.ts); this module implements it.
 */
export type PriceSource = KernelPriceSource<InstrumentSymbol>;
export type { StoredQuote };

/**
 * The channel on which the instance taking the ticks tells the others what it stored (a
 * `QuotesNotice`), so they too answer from memory instead of reading the table on every valued
 * request (bench: one statement on most summary reads of the instances not taking ticks).
 */
export const QUOTES_CHANNEL = 'market_quotes';

/** What a tick stored, as `recorded` takes it (`quotes: null`: read the table). */
export interface QuotesNotice {
  quotes: StoredQuote[] | null;
  until: number;
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
 * Reads the table, except for a few ticks after the latest one (a tick runs late under load), no
 * longer, so an instance whose ticks stopped is soon back on the table. The instance taking the
 * ticks remembers its own; with `shared`, every other instance hears them (QUOTES_CHANNEL) and
 * remembers them too; while it cannot hear them (a lost listener), it forgets and reads the table.
 */
export function createPriceSource(
  db: DbOrTx,
  shared?: { databaseUrl: string; log: Logger; listen?: typeof listenForNotices },
  switches: PerformanceSwitches = ALL_ON,
): PriceSource {
  // The price cache (db/performance/quote-memory.ts).
  const memory = createQuoteMemory<StoredQuote>({
    enabled: switches['price-cache'],
    shared: shared && { ...shared, channel: QUOTES_CHANNEL },
  });
  return {
    async current(now) {
      const remembered = memory.at(now);
      if (remembered && remembered.size === INSTRUMENT_SYMBOLS.length) {
        return freshPrices(remembered.values(), now);
      }
      const rows = await storedPrices(db);
      return freshPrices(
        rows.map((row) => ({ symbol: row.symbol, price: row.price, at: row.at.getTime() })),
        now,
      );
    },
    recorded: memory.remember,
    ready: memory.ready,
    close: memory.close,
  };
}
