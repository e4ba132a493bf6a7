import { sql } from 'drizzle-orm';
import type { ReturnWindow } from '@app/shared/return-windows';
import type { DbOrTx } from '../../../db/client';

/** A NAV point as strategy_figures.window_points keeps it (numbers and text: exact in JSON). */
export type StoredPoint = { at: number; nav: string };

/** One strategy's row of strategy_figures, as the lists read it. */
export interface FiguresRow {
  strategyId: string;
  returns: Record<ReturnWindow, string | null>;
  avgDailyReturnPct: string | null;
  maxDrawdownPct: string | null;
  losingDays: number | null;
  recordMaxDrawdownPct: string | null;
  riskScore: number | null;
  startedAt: Date | null;
  copiers: number;
  aumCents: bigint;
  asOf: Date;
  windowHour: Date | null;
}

/**
 * The units the strategy's open real copies hold, as the copies' triggers keep them (0062): one
 * row, not a sum over every open copy.
 */
export async function copiedUnitsOf(db: DbOrTx, strategyId: string): Promise<string> {
  const result = await db.execute<{ units: string }>(
    sql`SELECT copied_units::text AS units FROM strategy_figures WHERE strategy_id = ${strategyId}`,
  );
  return result.rows[0]?.units ?? '0';
}

/** The rows of `ids` (one indexed read each, in one statement). */
export async function figuresRows(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, FiguresRow>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{
    strategy_id: string;
    r7: string | null;
    r30: string | null;
    r90: string | null;
    r1y: string | null;
    rall: string | null;
    avg: string | null;
    mdd: string | null;
    losing: number | null;
    record_mdd: string | null;
    risk: number | null;
    started_at: Date | null;
    copiers: number;
    aum: string;
    as_of: Date;
    window_hour: Date | null;
  }>(sql`
    SELECT strategy_id::text, return_7d_pct::text AS r7, return_30d_pct::text AS r30,
      return_90d_pct::text AS r90, return_1y_pct::text AS r1y, return_all_pct::text AS rall,
      avg_daily_return_pct::text AS avg, max_drawdown_pct::text AS mdd, losing_days AS losing,
      record_max_drawdown_pct::text AS record_mdd, risk_score AS risk, started_at, copiers,
      aum_cents::text AS aum, as_of, window_hour
    FROM strategy_figures WHERE strategy_id = ANY(${sql.param([...ids])}::uuid[])`);
  return new Map(
    result.rows.map((r) => [
      r.strategy_id,
      {
        strategyId: r.strategy_id,
        returns: { '7d': r.r7, '30d': r.r30, '90d': r.r90, '1y': r.r1y, all: r.rall },
        avgDailyReturnPct: r.avg,
        maxDrawdownPct: r.mdd,
        losingDays: r.losing,
        recordMaxDrawdownPct: r.record_mdd,
        riskScore: r.risk,
        startedAt: r.started_at === null ? null : new Date(r.started_at),
        copiers: r.copiers,
        aumCents: BigInt(r.aum),
        asOf: new Date(r.as_of),
        windowHour: r.window_hour === null ? null : new Date(r.window_hour),
      },
    ]),
  );
}

/** The window points kept for `ids` and the hour they hold for (null: never kept). */
export async function keptWindowPoints(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { hour: number | null; points: StoredPoint[] }>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{
    strategy_id: string;
    window_hour: Date | null;
    window_points: StoredPoint[] | null;
  }>(sql`
    SELECT strategy_id::text, window_hour, window_points FROM strategy_figures
    WHERE strategy_id = ANY(${sql.param([...ids])}::uuid[])`);
  return new Map(
    result.rows.map((r) => [
      r.strategy_id,
      {
        hour: r.window_hour === null ? null : new Date(r.window_hour).getTime(),
        points: r.window_points ?? [],
      },
    ]),
  );
}

/** What a tick or the hour's turn states of a strategy's returns. */
export interface ReturnsWrite {
  id: string;
  returns: readonly (string | null)[];
  /** The window points to keep from now on, for `hour`; null: the kept ones still hold. */
  kept: { hour: number; points: readonly StoredPoint[] } | null;
  /** The NAV just written (the money copying it is valued at it); null: unchanged. */
  nav: string | null;
}

/**
 * The returns (in RETURN_WINDOWS' order), the kept window points and, at a new NAV, the money
 * copying the strategy at it (from the copied units the row holds when this statement locks it,
 * so a copy opening at the same time is counted once), in one statement, rows locked in id order.
 * A row locked by a copy opening or closing right now is left for the next write (the tick never
 * waits for a copy's transaction): returns those, which the tick states again at its next tick.
 */
export async function writeReturns(db: DbOrTx, writes: readonly ReturnsWrite[]): Promise<string[]> {
  if (writes.length === 0) return [];
  const sorted = [...writes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const column = (i: number) => sql.param(sorted.map((w) => w.returns[i] ?? null));
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH w AS (
      SELECT * FROM unnest(${sql.param(sorted.map((w) => w.id))}::uuid[],
        ${column(0)}::numeric[], ${column(1)}::numeric[], ${column(2)}::numeric[],
        ${column(3)}::numeric[], ${column(4)}::numeric[],
        ${sql.param(sorted.map((w) => (w.kept ? JSON.stringify(w.kept.points) : null)))}::jsonb[],
        ${sql.param(sorted.map((w) => (w.kept ? new Date(w.kept.hour).toISOString() : null)))}::timestamptz[],
        ${sql.param(sorted.map((w) => w.nav))}::numeric[])
        AS w(id, r7, r30, r90, r1y, rall, points, hour, nav)
    ), due AS (
      -- Only the rows something changes (a minute's point at an unchanged NAV changes nothing).
      SELECT f.strategy_id FROM strategy_figures f JOIN w ON w.id = f.strategy_id
      WHERE w.points IS NOT NULL
        OR (f.return_7d_pct, f.return_30d_pct, f.return_90d_pct, f.return_1y_pct, f.return_all_pct)
          IS DISTINCT FROM (w.r7, w.r30, w.r90, w.r1y, w.rall)
        OR (w.nav IS NOT NULL AND f.aum_cents <> strategy_figures_aum(w.nav, f.copied_units))
    ), locked AS (
      SELECT f.strategy_id FROM strategy_figures f WHERE f.strategy_id IN (SELECT strategy_id FROM due)
      ORDER BY f.strategy_id FOR NO KEY UPDATE OF f SKIP LOCKED
    ), written AS (
    UPDATE strategy_figures f
    SET return_7d_pct = w.r7, return_30d_pct = w.r30, return_90d_pct = w.r90,
        return_1y_pct = w.r1y, return_all_pct = w.rall,
        window_points = coalesce(w.points, f.window_points),
        window_hour = coalesce(w.hour, f.window_hour),
        aum_cents = CASE WHEN w.nav IS NULL THEN f.aum_cents
                    ELSE strategy_figures_aum(w.nav, f.copied_units) END
    FROM w WHERE f.strategy_id = w.id AND f.strategy_id IN (SELECT strategy_id FROM locked))
    -- Those left locked: the caller states them again.
    SELECT strategy_id::text AS id FROM due WHERE strategy_id NOT IN (SELECT strategy_id FROM locked)`);
  return rows.map((r) => r.id);
}

/**
 * The strategies whose kept figures are out of date at the hour `hour`, after `after` in id
 * order, `limit` at a time: 'windows', their window points are not the hour's; 'histories', their
 * NAV moved since their history figures were stated and those were not stated this hour (or
 * never); 'unstated', their history figures were never stated.
 */
export async function staleFigures(
  db: DbOrTx,
  kind: 'windows' | 'histories' | 'unstated',
  from: { after: string; hour: number },
  limit: number,
): Promise<string[]> {
  const hour = sql`${new Date(from.hour).toISOString()}::timestamptz`;
  const stale = {
    windows: sql`(f.window_hour IS NULL OR f.window_hour <> ${hour})`,
    histories: sql`s.nav_at > f.as_of AND (f.as_of < ${hour} OR f.started_at IS NULL)`,
    unstated: sql`f.as_of = 'epoch'`,
  }[kind];
  const result = await db.execute<{ id: string }>(sql`
    SELECT f.strategy_id::text AS id FROM strategy_figures f JOIN strategies s ON s.id = f.strategy_id
    WHERE f.strategy_id > ${from.after}::uuid AND ${stale}
    ORDER BY f.strategy_id LIMIT ${limit}`);
  return result.rows.map((r) => r.id);
}

/** Each of `ids`' hourly NAV (the last point of each UTC hour) since it began, and its latest NAV. */
export async function histories(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { hourly: StoredPoint[]; nav: string; navAt: number | null }>> {
  const out = new Map<string, { hourly: StoredPoint[]; nav: string; navAt: number | null }>();
  if (ids.length === 0) return out;
  const latest = await db.execute<{ id: string; nav: string; nav_at: Date | null }>(sql`
    SELECT id::text, nav::text, nav_at FROM strategies WHERE id = ANY(${sql.param([...ids])}::uuid[])`);
  for (const r of latest.rows)
    out.set(r.id, {
      hourly: [],
      nav: r.nav,
      navAt: r.nav_at === null ? null : new Date(r.nav_at).getTime(),
    });
  const points = await db.execute<{ strategy_id: string; at: Date; nav: string }>(sql`
    SELECT DISTINCT ON (strategy_id, date_trunc('hour', at, 'UTC')) strategy_id::text, at,
      nav::text AS nav
    FROM nav_snapshots WHERE strategy_id = ANY(${sql.param([...ids])}::uuid[])
    ORDER BY strategy_id, date_trunc('hour', at, 'UTC'), at DESC`);
  for (const p of points.rows)
    out.get(p.strategy_id)?.hourly.push({ at: new Date(p.at).getTime(), nav: p.nav });
  return out;
}

/** The history figures of a strategy as of `asOf`. */
export interface HistoryWrite {
  id: string;
  avgDailyReturnPct: string | null;
  maxDrawdownPct: string | null;
  losingDays: number;
  recordMaxDrawdownPct: string | null;
  riskScore: number | null;
  startedAt: number | null;
}

export async function writeHistories(
  db: DbOrTx,
  writes: readonly HistoryWrite[],
  asOf: number,
): Promise<void> {
  if (writes.length === 0) return;
  const of = <T>(pick: (w: HistoryWrite) => T) => sql.param(writes.map(pick));
  await db.execute(sql`
    UPDATE strategy_figures f
    SET avg_daily_return_pct = w.avg, max_drawdown_pct = w.mdd, losing_days = w.losing,
        record_max_drawdown_pct = w.record_mdd, risk_score = w.risk, started_at = w.started_at,
        as_of = ${new Date(asOf).toISOString()}::timestamptz
    FROM unnest(${of((w) => w.id)}::uuid[], ${of((w) => w.avgDailyReturnPct)}::numeric[],
      ${of((w) => w.maxDrawdownPct)}::numeric[], ${of((w) => w.losingDays)}::integer[],
      ${of((w) => w.recordMaxDrawdownPct)}::numeric[], ${of((w) => w.riskScore)}::integer[],
      ${of((w) => (w.startedAt === null ? null : new Date(w.startedAt).toISOString()))}::timestamptz[])
      AS w(id, avg, mdd, losing, record_mdd, risk, started_at)
    WHERE f.strategy_id = w.id`);
}
