import type { Logger } from 'pino';
import { listenForNotices, type NoticeListener } from '../notices';

/**
 * The price cache: the latest quotes the ticking instance stored, remembered until a given time so
 * a valued request does not read the prices table. The ticking instance remembers its own; every
 * other instance hears them on a channel (NOTIFY) and remembers them too; while it cannot hear them
 * (a lost listener), it forgets and the caller reads the table. Justified by bench/RESULTS.md
 * 2026-11-26 07:20: the market prices table was read on about 40 % of the account summaries (only
 * the ticking instance answered from memory); with it, a summary is one statement.
 * Switch: PERFORMANCE_OFF=price-cache (every valuation reads the table).
 */
export interface QuoteMemory<Q extends { symbol: string }> {
  /** The remembered quotes by symbol, if they may still be used at `now`. */
  at: (now: number) => ReadonlyMap<string, Q> | undefined;
  /** Remember `quotes` until `until` (merged over those remembered); `null` forgets. */
  remember: (quotes: readonly Q[] | null, until: number) => void;
  ready: Promise<void>;
  close: () => Promise<void>;
}

export interface QuoteMemoryOptions {
  /** Whether to remember at all (the switch). */
  enabled: boolean;
  /** Hear the ticking instance's notices on `channel` (payload `{ quotes, until }`). */
  shared?: {
    databaseUrl: string;
    log: Logger;
    channel: string;
    listen?: typeof listenForNotices;
  };
}

export function createQuoteMemory<Q extends { symbol: string }>(
  options: QuoteMemoryOptions,
): QuoteMemory<Q> {
  let memory: { until: number; quotes: Map<string, Q> } | undefined;
  function remember(quotes: readonly Q[] | null, until: number): void {
    if (quotes === null || !options.enabled) {
      memory = undefined;
      return;
    }
    const merged = new Map(memory?.quotes);
    for (const quote of quotes) merged.set(quote.symbol, quote);
    memory = { until, quotes: merged };
  }
  let listener: NoticeListener | undefined;
  const shared = options.shared;
  if (shared && options.enabled) {
    listener = (shared.listen ?? listenForNotices)({
      databaseUrl: shared.databaseUrl,
      channels: [shared.channel],
      log: shared.log,
      name: 'price source',
      onNotice: (_channel, payload) => {
        try {
          const notice = JSON.parse(payload) as { quotes: Q[] | null; until: number };
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
    // A `now` from before the tick (a request's start) may use it: the table holds the same.
    at: (now) => (memory && now <= memory.until ? memory.quotes : undefined),
    remember,
    ready: listener?.ready ?? Promise.resolve(),
    close: async () => {
      await listener?.close();
    },
  };
}
