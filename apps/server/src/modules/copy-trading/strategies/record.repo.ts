import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { navSnapshots } from '../copy-trading.schema';

export async function insertNavSeries(
  db: DbOrTx,
  strategyId: string,
  points: readonly { at: number; nav: string }[],
): Promise<void> {
  for (let i = 0; i < points.length; i += 2000) {
    await db
      .insert(navSnapshots)
      .values(
        points.slice(i, i + 2000).map((p) => ({ strategyId, at: new Date(p.at), nav: p.nav })),
      )
      .onConflictDoNothing();
  }
}

/**
 * The NAV series since `from` with at most one point per `bucket` ('hour' or 'day', in UTC, as
 * the history is compacted): the last point of each bucket, oldest first. Where the history keeps
 * only days (domain/nav-history.ts), an hourly series holds the hourly NAVs each day kept.
 */
export async function navSeries(
  db: DbOrTx,
  strategyId: string,
  fromMs: number,
  bucket: 'hour' | 'day',
): Promise<{ at: Date; nav: string }[]> {
  const unit = sql.raw(bucket === 'day' ? `'day'` : `'hour'`);
  const result = await db.execute<{ at: Date; nav: string }>(sql`
    SELECT at, nav FROM (
      SELECT DISTINCT ON (date_trunc(${unit}, at, 'UTC')) at, nav::text AS nav
      FROM nav_snapshots
      WHERE strategy_id = ${strategyId} AND at >= ${new Date(fromMs).toISOString()}
      ORDER BY date_trunc(${unit}, at, 'UTC'), at DESC
    ) s ORDER BY at`);
  return result.rows.map((r) => ({ at: new Date(r.at), nav: r.nav }));
}

/** The lead trader's fills that reduced or closed a position (orders and demo orders), oldest first. */
export async function closingFills(
  db: DbOrTx,
  strategyId: string,
): Promise<{ side: 'long' | 'short'; quantity: string; price: string; realisedPnl: string }[]> {
  const result = await db.execute<{
    side: 'long' | 'short';
    quantity: string;
    price: string;
    realised_pnl: string;
  }>(sql`
    SELECT side, (-quantity_delta)::text AS quantity, price::text AS price,
           realised_pnl::text AS realised_pnl
    FROM strategy_fills
    WHERE strategy_id = ${strategyId} AND quantity_delta < 0 AND reason IN ('order', 'demo')
    ORDER BY id`);
  return result.rows.map((r) => ({
    side: r.side,
    quantity: r.quantity,
    price: r.price,
    realisedPnl: r.realised_pnl,
  }));
}

/**
 * The order log: the lead trader's (and demo trader's) fills, newest first by time, then by number
 * (a fill can be recorded after one it precedes), after the fill `before` in that order.
 */
export async function orderFills(
  db: DbOrTx,
  strategyId: string,
  before: bigint | undefined,
  limit: number,
): Promise<
  {
    id: string;
    at: Date;
    symbol: string;
    side: 'long' | 'short';
    quantityDelta: string;
    price: string;
    realisedPnl: string;
    perUnit: boolean;
  }[]
> {
  const result = await db.execute<{
    id: string;
    at: Date;
    symbol: string;
    side: 'long' | 'short';
    quantity_delta: string;
    price: string;
    realised_pnl: string;
    per_unit: boolean;
  }>(sql`
    SELECT id::text, created_at AS at, symbol, side, quantity_delta::text, price::text,
           realised_pnl::text, per_unit
    FROM strategy_fills
    WHERE strategy_id = ${strategyId} AND reason IN ('order', 'demo')
      ${
        before === undefined
          ? sql``
          : sql`AND (created_at, id) < (SELECT created_at, id FROM strategy_fills
              WHERE id = ${before.toString()}::bigint AND strategy_id = ${strategyId})`
      }
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    at: new Date(r.at),
    symbol: r.symbol,
    side: r.side,
    quantityDelta: r.quantity_delta,
    price: r.price,
    realisedPnl: r.realised_pnl,
    perUnit: r.per_unit,
  }));
}

/**
 * Per strategy, the few NAV points its window returns depend on (domain/window-returns.ts): the
 * first and the latest point at or before `now`, and the last point before each of `before` (each
 * window's boundary). One indexed look-up each on the (strategy_id, at) key, however long the
 * history.
 */
export async function windowPoints(
  db: DbOrTx,
  strategyIds: readonly string[],
  now: number,
  before: readonly number[],
): Promise<Map<string, NavPointRow[]>> {
  if (strategyIds.length === 0) return new Map();
  const nowAt = new Date(now).toISOString();
  const result = await db.execute<{ strategy_id: string; at: Date; nav: string }>(sql`
    WITH s AS (SELECT unnest(${sql.param([...strategyIds])}::uuid[]) AS id)
    SELECT s.id::text AS strategy_id, p.at, p.nav
    FROM s
    CROSS JOIN unnest(${sql.param(before.map((at) => new Date(at).toISOString()))}::timestamptz[])
      AS w(before)
    CROSS JOIN LATERAL (
      SELECT at, nav::text AS nav FROM nav_snapshots n
      WHERE n.strategy_id = s.id AND n.at < w.before ORDER BY n.at DESC LIMIT 1
    ) p
    UNION
    SELECT s.id::text, p.at, p.nav
    FROM s CROSS JOIN LATERAL (
      (SELECT at, nav::text AS nav FROM nav_snapshots n
       WHERE n.strategy_id = s.id AND n.at <= ${nowAt}::timestamptz ORDER BY n.at LIMIT 1)
      UNION ALL
      (SELECT at, nav::text AS nav FROM nav_snapshots n
       WHERE n.strategy_id = s.id AND n.at <= ${nowAt}::timestamptz ORDER BY n.at DESC LIMIT 1)
    ) p
    ORDER BY 1, 2`);
  return seriesByStrategy(result.rows);
}

/** Restates the planner's statistics of the NAV history (after a compaction that removed many). */
export async function analyzeNavHistory(db: DbOrTx): Promise<void> {
  await db.execute(sql`ANALYZE nav_snapshots`);
}

/**
 * Compacts the NAV history in [from, hoursBefore) to what each age keeps (domain/nav-history.ts,
 * migration 0058's `nav_snapshots_kept`): `from` is a UTC day boundary. Returns how many points
 * went.
 */
export async function compactNavHistory(
  db: DbOrTx,
  span: { from: number; hoursBefore: number; daysBefore: number },
): Promise<number> {
  const from = span.from === -Infinity ? '-infinity' : new Date(span.from).toISOString();
  const hoursBefore = new Date(span.hoursBefore).toISOString();
  const daysBefore = new Date(span.daysBefore).toISOString();
  const result = await db.execute(sql`
    WITH kept AS MATERIALIZED (
      SELECT strategy_id, at FROM nav_snapshots_kept(
        ${from}::timestamptz, ${hoursBefore}::timestamptz, ${daysBefore}::timestamptz)
    )
    DELETE FROM nav_snapshots n
    WHERE n.at >= ${from}::timestamptz AND n.at < ${hoursBefore}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM kept k WHERE k.strategy_id = n.strategy_id AND k.at = n.at)`);
  return result.rowCount ?? 0;
}

type NavPointRow = { at: number; nav: string };

/** NAV snapshot rows grouped per strategy, each series in the rows' order. */
function seriesByStrategy(
  rows: { strategy_id: string; at: Date; nav: string }[],
): Map<string, NavPointRow[]> {
  const byStrategy = new Map<string, NavPointRow[]>();
  for (const row of rows) {
    const series = byStrategy.get(row.strategy_id) ?? [];
    series.push({ at: new Date(row.at).getTime(), nav: row.nav });
    byStrategy.set(row.strategy_id, series);
  }
  return byStrategy;
}
