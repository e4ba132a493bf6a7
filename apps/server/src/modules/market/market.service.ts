import type { CandleList, CandleQuery, TickerList } from '@app/shared/schemas/market';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  HOUR_MS,
  DAY_MS,
  Dec,
  INSTRUMENT_SYMBOLS,
  MINUTE_MS,
  getInstrument,
  isInstrumentSymbol,
  type InstrumentSymbol,
  type MarketDataSource,
  type PriceQuote,
} from './domain';
import * as repo from './market.repo';
import { QUOTES_CHANNEL, type QuotesNotice } from './price-source';
import type { MarketOptions } from './market.options';
import { SIMULATED_LABEL } from './adapters/simulated';
import { exchangeLabel } from './adapters/exchange';

export function marketLabel(ctx: AppContext): string {
  return ctx.config.marketData === 'simulated'
    ? SIMULATED_LABEL
    : exchangeLabel(ctx.config.exchange);
}

/** "-1.25": the change from `open` to `price` in %, 2 decimals, never "-0.00". */
export function changePct(price: string, open: string): string {
  const base = new Dec(open);
  if (base.lte(0)) return '0.00';
  const text = new Dec(price).div(base).minus(1).times(100).toFixed(2, Dec.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
}

export interface BackfillResult {
  inserted: number;
  durationMs: number;
}

/**
 * Fills missing 1-minute candles up to `now`: on first start the whole back-fill window
 * (backfillDays + warmupDays), afterwards only the gap since the newest stored candle (a restart,
 * or an exchange outage). Idempotent; existing candles are kept.
 */
export async function backfillCandles(
  ctx: AppContext,
  source: MarketDataSource,
  now: number,
  options: Pick<MarketOptions, 'backfillDays' | 'warmupDays'>,
): Promise<BackfillResult> {
  const started = performance.now();
  const newest = await repo.newestCandleTimes(ctx.db);
  const earliest = now - (options.backfillDays + options.warmupDays) * DAY_MS;
  let inserted = 0;
  for (const symbol of INSTRUMENT_SYMBOLS) {
    const last = newest.get(symbol);
    const from = last === undefined ? earliest : Math.max(earliest, last + MINUTE_MS);
    if (from + MINUTE_MS > now) continue;
    const candles = await source.candles(symbol, from, now);
    await repo.insertCandles(ctx.pool, symbol, candles);
    inserted += candles.length;
  }
  return { inserted, durationMs: Math.round(performance.now() - started) };
}

/**
 * One price tick (leader only): latest quotes stored and folded into the minute's candle; the
 * price source may answer from them for `rememberForMs` when the table now holds exactly them.
 */
export async function recordTick(
  ctx: AppContext,
  source: MarketDataSource,
  rememberForMs = 0,
): Promise<PriceQuote[]> {
  const quotes = [...(await source.latestPrices()).values()];
  const stored = await repo.recordQuotes(ctx.pool, quotes, MINUTE_MS);
  // Fewer stored: the table kept a newer quote than ours (another instance); only it is right now.
  const exact = stored === quotes.length && rememberForMs > 0;
  const notice: QuotesNotice = {
    quotes: exact ? quotes.map(({ symbol, price, at }) => ({ symbol, price, at })) : null,
    until: ctx.clock.now().getTime() + rememberForMs,
  };
  ctx.prices.recorded(notice.quotes, notice.until);
  // The other instances remember them too (price-source.ts); a lost notice only costs reads.
  if (rememberForMs > 0) {
    await repo.announceQuotes(ctx.pool, QUOTES_CHANNEL, JSON.stringify(notice)).catch(() => {});
  }
  return quotes;
}

export async function tickers(ctx: AppContext): Promise<TickerList> {
  const rows = await repo.storedPrices(ctx.db);
  return {
    source: ctx.config.marketData,
    label: marketLabel(ctx),
    tickers: rows
      .filter((row) => isInstrumentSymbol(row.symbol))
      .map((row) => ({
        symbol: row.symbol as InstrumentSymbol,
        base: getInstrument(row.symbol).base,
        price: row.price,
        change24hPct: changePct(row.price, row.open24h),
        at: row.at.toISOString(),
      })),
  };
}

export async function candles(
  ctx: AppContext,
  query: {
    symbol: InstrumentSymbol;
    interval: NonNullable<CandleQuery['interval']>;
    from?: number | undefined;
    to?: number | undefined;
    limit: number;
  },
): Promise<CandleList> {
  const intervalMs = query.interval === '1h' ? HOUR_MS : MINUTE_MS;
  const span = intervalMs * query.limit;
  const now = ctx.clock.now().getTime();
  // Without bounds: the latest `limit` intervals, the one in progress included.
  const nextBoundary = (Math.floor(now / intervalMs) + 1) * intervalMs;
  const to = query.to ?? (query.from !== undefined ? query.from + span : nextBoundary);
  const from = query.from ?? to - span;
  const rows =
    to > from
      ? await repo.candlesBetween(ctx.db, {
          symbol: query.symbol,
          intervalMs,
          fromMs: from,
          toMs: to,
          limit: query.limit,
        })
      : [];
  return { symbol: query.symbol, interval: query.interval, label: marketLabel(ctx), candles: rows };
}

/** The close of one hour; `at` is the hour's end (epoch ms), when its close became known. */
export interface HourlyClose {
  readonly at: number;
  readonly close: string;
}

/** Hourly closes that have ended by `now` (bar.at = the hour's end), for the demo traders. */
export async function hourlyBars(
  ctx: AppContext,
  symbol: InstrumentSymbol,
  fromMs: number,
  now: number,
): Promise<HourlyClose[]> {
  const hours = Math.ceil((now - fromMs) / HOUR_MS) + 1;
  const rows = await repo.candlesBetween(ctx.db, {
    symbol,
    intervalMs: HOUR_MS,
    fromMs,
    toMs: now,
    limit: hours,
  });
  return rows
    .filter((row) => row.openTime + HOUR_MS <= now)
    .map((row) => ({ at: row.openTime + HOUR_MS, close: row.close }));
}

/** The market seed stored at first start (`candidate` when none was stored yet). */
export function storedMarketSeed(db: DbOrTx, candidate: number): Promise<number> {
  return repo.storedMarketSeed(db, candidate);
}
