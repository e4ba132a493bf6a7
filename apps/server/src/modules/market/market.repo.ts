import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Candle, InstrumentSymbol, PriceQuote } from './domain';

const CHUNK = 20_000;

/**
 * Stores complete 1-minute candles in batches (one statement per 20 000 rows, arrays through
 * unnest), keeping what is already there. Times are exact: epoch + n milliseconds.
 */
export async function insertCandles(
  pool: pg.Pool,
  symbol: InstrumentSymbol,
  candles: readonly Candle[],
): Promise<void> {
  for (let start = 0; start < candles.length; start += CHUNK) {
    const chunk = candles.slice(start, start + CHUNK);
    await pool.query(
      `INSERT INTO candles (symbol, open_time, open, high, low, close)
       SELECT $1, timestamptz 'epoch' + u.t * interval '1 millisecond', u.o, u.h, u.l, u.c
       FROM unnest($2::bigint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
         AS u(t, o, h, l, c)
       ON CONFLICT (symbol, open_time) DO NOTHING`,
      [
        symbol,
        chunk.map((c) => c.openTime),
        chunk.map((c) => c.open),
        chunk.map((c) => c.high),
        chunk.map((c) => c.low),
        chunk.map((c) => c.close),
      ],
    );
  }
}

/**
 * Latest quotes, and each quote folded into the candle of its minute (two statements). Returns
 * how many latest quotes were stored (one already newer in the table is kept instead).
 */
export async function recordQuotes(
  pool: pg.Pool,
  quotes: readonly PriceQuote[],
  minuteMs: number,
): Promise<number> {
  if (quotes.length === 0) return 0;
  const symbols = quotes.map((q) => q.symbol);
  const prices = quotes.map((q) => q.price);
  const latest = await pool.query(
    `INSERT INTO market_prices (symbol, price, open_24h, at)
     SELECT u.s, u.p, u.o, timestamptz 'epoch' + u.t * interval '1 millisecond'
     FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::bigint[]) AS u(s, p, o, t)
     ON CONFLICT (symbol) DO UPDATE
       SET price = EXCLUDED.price, open_24h = EXCLUDED.open_24h, at = EXCLUDED.at
       WHERE market_prices.at <= EXCLUDED.at`,
    [symbols, prices, quotes.map((q) => q.open24h), quotes.map((q) => q.at)],
  );
  await pool.query(
    `INSERT INTO candles (symbol, open_time, open, high, low, close)
     SELECT u.s, timestamptz 'epoch' + u.m * interval '1 millisecond', u.p, u.p, u.p, u.p
     FROM unnest($1::text[], $2::bigint[], $3::numeric[]) AS u(s, m, p)
     ON CONFLICT (symbol, open_time) DO UPDATE
       SET high = GREATEST(candles.high, EXCLUDED.high),
           low = LEAST(candles.low, EXCLUDED.low),
           close = EXCLUDED.close`,
    [symbols, quotes.map((q) => Math.floor(q.at / minuteMs) * minuteMs), prices],
  );
  return latest.rowCount ?? 0;
}

/** Tells every instance listening on `channel` what a tick stored (price-source.ts). */
export async function announceQuotes(
  pool: pg.Pool,
  channel: string,
  payload: string,
): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

export interface StoredPrice {
  symbol: string;
  price: string;
  open24h: string;
  at: Date;
}

export async function storedPrices(db: DbOrTx): Promise<StoredPrice[]> {
  const result = await db.execute<{ symbol: string; price: string; open_24h: string; at: Date }>(
    sql`SELECT symbol, price::text, open_24h::text, at FROM market_prices ORDER BY symbol`,
  );
  return result.rows.map((r) => ({
    symbol: r.symbol,
    price: r.price,
    open24h: r.open_24h,
    at: new Date(r.at),
  }));
}

/** The open time (epoch ms) of the newest stored candle of each symbol. */
export async function newestCandleTimes(db: DbOrTx): Promise<Map<string, number>> {
  const result = await db.execute<{ symbol: string; t: string }>(sql`
    SELECT symbol, (extract(epoch FROM max(open_time)) * 1000)::bigint::text AS t
    FROM candles GROUP BY symbol`);
  return new Map(result.rows.map((r) => [r.symbol, Number(r.t)]));
}

export interface CandleRow {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
}

/**
 * Candles of `intervalMs` (1 minute as stored, or 1 hour aggregated: first open, highest high,
 * lowest low, last close) with openTime in [fromMs, toMs): the latest `limit` of them, oldest first.
 */
export async function candlesBetween(
  db: DbOrTx,
  params: { symbol: string; intervalMs: number; fromMs: number; toMs: number; limit: number },
): Promise<CandleRow[]> {
  const { symbol, intervalMs, fromMs, toMs, limit } = params;
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const result =
    intervalMs === 60_000
      ? await db.execute<{ t: string; open: string; high: string; low: string; close: string }>(sql`
          SELECT (extract(epoch FROM open_time) * 1000)::bigint::text AS t,
                 open::text, high::text, low::text, close::text
          FROM candles
          WHERE symbol = ${symbol} AND open_time >= ${from} AND open_time < ${to}
          ORDER BY open_time DESC LIMIT ${limit}`)
      : await db.execute<{ t: string; open: string; high: string; low: string; close: string }>(sql`
          SELECT (extract(epoch FROM date_trunc('hour', open_time)) * 1000)::bigint::text AS t,
                 ((array_agg(open ORDER BY open_time))[1])::text AS open,
                 max(high)::text AS high, min(low)::text AS low,
                 ((array_agg(close ORDER BY open_time DESC))[1])::text AS close
          FROM candles
          WHERE symbol = ${symbol} AND open_time >= ${from} AND open_time < ${to}
          GROUP BY 1 ORDER BY 1 DESC LIMIT ${limit}`);
  return result.rows
    .map((r) => ({ openTime: Number(r.t), open: r.open, high: r.high, low: r.low, close: r.close }))
    .reverse();
}

/** 1-minute candles of one symbol with openTime in [fromMs, toMs), oldest first (for demo traders). */
export async function minuteCandles(
  db: DbOrTx,
  symbol: string,
  fromMs: number,
  toMs: number,
): Promise<Candle[]> {
  const result = await db.execute<{
    t: string;
    open: string;
    high: string;
    low: string;
    close: string;
  }>(sql`
    SELECT (extract(epoch FROM open_time) * 1000)::bigint::text AS t,
           open::text, high::text, low::text, close::text
    FROM candles
    WHERE symbol = ${symbol} AND open_time >= ${new Date(fromMs).toISOString()}
      AND open_time < ${new Date(toMs).toISOString()}
    ORDER BY open_time`);
  return result.rows.map((r) => ({
    openTime: Number(r.t),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
  }));
}

/**
 * The stored secret seed of the simulated market, drawn by the first instance to ask: `candidate`
 * is kept only if no row exists yet, so instances starting together agree on one seed.
 */
export async function storedMarketSeed(db: DbOrTx, candidate: number): Promise<number> {
  const result = await db.execute<{ seed: string }>(sql`
    WITH inserted AS (
      INSERT INTO market_secret (seed) VALUES (${candidate})
      ON CONFLICT (singleton) DO NOTHING RETURNING seed
    )
    SELECT seed FROM inserted UNION ALL SELECT seed FROM market_secret LIMIT 1`);
  const seed = result.rows[0]?.seed;
  if (seed === undefined) throw new Error('market_secret: no seed stored');
  return Number(seed);
}
