import type { Logger } from 'pino';
import type { PriceSource as KernelPriceSource, StoredQuote } from '../../context';
import type { DbOrTx } from '../../db/client';
import { listenForNotices, type NoticeListener } from '../../db/notices';
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
): PriceSource {
  let memory: { until: number; quotes: Map<string, StoredQuote> } | undefined;
  function remember(quotes: readonly StoredQuote[] | null, until: number): void {
    if (quotes === null) {
      memory = undefined;
      return;
    }
    const merged = new Map(memory?.quotes);
    for (const quote of quotes) merged.set(quote.symbol, quote);
    memory = { until, quotes: merged };
  }
  let listener: NoticeListener | undefined;
  if (shared) {
    listener = (shared.listen ?? listenForNotices)({
      databaseUrl: shared.databaseUrl,
      channels: [QUOTES_CHANNEL],
      log: shared.log,
      name: 'price source',
      onNotice: (_channel, payload) => {
        try {
          const notice = JSON.parse(payload) as QuotesNotice;
          remember(notice.quotes, notice.until);
        } catch {
          memory = undefined;
        }
      },
      onGap: () => {
        memory = undefined;
      },
    });
  }
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
    recorded: remember,
    ready: listener?.ready ?? Promise.resolve(),
    async close() {
      await listener?.close();
    },
  };
}
