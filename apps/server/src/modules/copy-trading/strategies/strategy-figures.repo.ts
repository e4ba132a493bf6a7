import { sql } from 'drizzle-orm';
import type { ReturnWindow } from '@app/shared/return-windows';
import type { DbOrTx } from '../../../db/client';
import { byId } from '../../../lib/by-id';

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

/** The returns' columns as text (rows read with them: ReturnsColumns). */
const RETURNS_COLUMNS = sql`return_7d_pct::text AS r7, return_30d_pct::text AS r30,
  return_90d_pct::text AS r90, return_1y_pct::text AS r1y, return_all_pct::text AS rall`;

type ReturnsColumns = Record<'r7' | 'r30' | 'r90' | 'r1y' | 'rall', string | null>;

/** The rows of `ids` (one indexed read each, in one statement). */
export async function figuresRows(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, FiguresRow>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<
    ReturnsColumns & {
      strategy_id: string;
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
    }
  >(sql`
    SELECT strategy_id::text, ${RETURNS_COLUMNS},
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

/** What the tick checks a remembered band against: the row's returns and their hour. */
export interface StatedReturns {
  hour: number | null;
  returns: (string | null)[];
  /** Open real copies hold units of it: a new NAV moves the money copying it. */
  copied: boolean;
}

/** The stated returns of `ids` (RETURN_WINDOWS' order), without the points: a narrow read. */
export async function statedReturns(db: DbOrTx, ids: readonly string[]) {
  const { rows } = await db.execute<
    ReturnsColumns & { id: string; hour: Date | null; copied: boolean }
  >(sql`
    SELECT strategy_id::text AS id, window_hour AS hour, ${RETURNS_COLUMNS},
      copied_units > 0 AS copied
    FROM strategy_figures WHERE strategy_id = ANY(${sql.param([...ids])}::uuid[])`);
  const stated = new Map<string, StatedReturns>();
  for (const r of rows)
    stated.set(r.id, {
      hour: r.hour === null ? null : new Date(r.hour).getTime(),
      returns: [r.r7, r.r30, r.r90, r.r1y, r.rall],
      copied: r.copied,
    });
  return stated;
}

/** What a tick or the hour's turn states of a strategy's returns. */
export interface ReturnsWrite {
  id: string;
  /**
   * The returns to state; null: they stand as the row holds them when this statement locks it
   * (the money copying it moves alone: never a stale read's returns written over another
   * writer's, such as the figures job restating the row meanwhile).
   */
  returns: readonly (string | null)[] | null;
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
  const sorted = [...writes].sort(byId);
  const column = (i: number) => sql.param(sorted.map((w) => w.returns?.[i] ?? null));
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH w AS (
      SELECT * FROM unnest(${sql.param(sorted.map((w) => w.id))}::uuid[],
        ${column(0)}::numeric[], ${column(1)}::numeric[], ${column(2)}::numeric[],
        ${column(3)}::numeric[], ${column(4)}::numeric[],
        ${sql.param(sorted.map((w) => (w.kept ? JSON.stringify(w.kept.points) : null)))}::jsonb[],
        ${sql.param(sorted.map((w) => (w.kept ? new Date(w.kept.hour).toISOString() : null)))}::timestamptz[],
        ${sql.param(sorted.map((w) => w.nav))}::numeric[],
        ${sql.param(sorted.map((w) => w.returns === null))}::boolean[])
        AS w(id, r7, r30, r90, r1y, rall, points, hour, nav, stand)
    ), due AS (
      -- Only the rows something changes (a minute's point at an unchanged NAV changes nothing).
      SELECT f.strategy_id FROM strategy_figures f JOIN w ON w.id = f.strategy_id
      WHERE w.points IS NOT NULL
        OR (NOT w.stand AND (f.return_7d_pct, f.return_30d_pct, f.return_90d_pct,
          f.return_1y_pct, f.return_all_pct) IS DISTINCT FROM (w.r7, w.r30, w.r90, w.r1y, w.rall))
        OR (w.nav IS NOT NULL AND f.aum_cents <> strategy_figures_aum(w.nav, f.copied_units))
    ), locked AS (
      SELECT f.strategy_id FROM strategy_figures f WHERE f.strategy_id IN (SELECT strategy_id FROM due)
      ORDER BY f.strategy_id FOR NO KEY UPDATE OF f SKIP LOCKED
    ), written AS (
    UPDATE strategy_figures f
    SET return_7d_pct = CASE WHEN w.stand THEN f.return_7d_pct ELSE w.r7 END,
        return_30d_pct = CASE WHEN w.stand THEN f.return_30d_pct ELSE w.r30 END,
        return_90d_pct = CASE WHEN w.stand THEN f.return_90d_pct ELSE w.r90 END,
        return_1y_pct = CASE WHEN w.stand THEN f.return_1y_pct ELSE w.r1y END,
        return_all_pct = CASE WHEN w.stand THEN f.return_all_pct ELSE w.rall END,
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

/**
 * Each strategy's hourly NAV (the last point of each UTC hour) from the hour holding its instant
 * in `since` on (0: since it began), oldest first, and its latest NAV: one statement, each
 * strategy's points index ranges of nav_snapshots' primary key. From `minutesFrom` (an hour's
 * start: where the history keeps a point a minute) to the hour holding `now`, each hour's last
 * point is one backward index probe instead of a scan of the hour's sixty.
 */
export async function hourlySince(
  db: DbOrTx,
  since: ReadonlyMap<string, number>,
  hours: { minutesFrom: number; now: number },
): Promise<Map<string, { hourly: StoredPoint[]; nav: string; navAt: number | null }>> {
  const out = new Map<string, { hourly: StoredPoint[]; nav: string; navAt: number | null }>();
  if (since.size === 0) return out;
  const ids = [...since.keys()];
  const latest = await db.execute<{ id: string; nav: string; nav_at: Date | null }>(sql`
    SELECT id::text, nav::text, nav_at FROM strategies WHERE id = ANY(${sql.param(ids)}::uuid[])`);
  for (const r of latest.rows)
    out.set(r.id, {
      hourly: [],
      nav: r.nav,
      navAt: r.nav_at === null ? null : new Date(r.nav_at).getTime(),
    });
  const froms = ids.map((id) => new Date(since.get(id) ?? 0).toISOString());
  const hourStart = (at: number) => Math.floor(at / 3_600_000) * 3_600_000;
  const minutesFrom = sql`${new Date(hourStart(hours.minutesFrom)).toISOString()}::timestamptz`;
  const lastHour = sql`${new Date(hourStart(hours.now)).toISOString()}::timestamptz`;
  const points = await db.execute<{ strategy_id: string; at: Date; nav: string }>(sql`
    SELECT w.id::text AS strategy_id, p.at, p.nav::text AS nav
    FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(froms)}::timestamptz[]) AS w(id, since)
    CROSS JOIN LATERAL (
      (SELECT DISTINCT ON (date_trunc('hour', n.at, 'UTC')) n.at, n.nav FROM nav_snapshots n
       WHERE n.strategy_id = w.id AND n.at >= date_trunc('hour', w.since, 'UTC')
         AND n.at < ${minutesFrom}
       ORDER BY date_trunc('hour', n.at, 'UTC'), n.at DESC)
      UNION ALL
      (SELECT q.at, q.nav
       FROM generate_series(greatest(date_trunc('hour', w.since, 'UTC'), ${minutesFrom}),
         ${lastHour}, interval '1 hour') AS h(start)
       CROSS JOIN LATERAL (
         SELECT n.at, n.nav FROM nav_snapshots n
         WHERE n.strategy_id = w.id AND n.at >= h.start AND n.at < h.start + interval '1 hour'
         ORDER BY n.at DESC LIMIT 1) q)
      UNION ALL
      -- Points after now's hour (none but a scripted history's): as the ranges above read them.
      (SELECT DISTINCT ON (date_trunc('hour', n.at, 'UTC')) n.at, n.nav FROM nav_snapshots n
       WHERE n.strategy_id = w.id AND n.at >= ${lastHour} + interval '1 hour'
       ORDER BY date_trunc('hour', n.at, 'UTC'), n.at DESC)
    ) p
    ORDER BY w.id, p.at`);
  for (const p of points.rows)
    out.get(p.strategy_id)?.hourly.push({ at: new Date(p.at).getTime(), nav: p.nav });
  return out;
}

/** A strategy's row of strategy_figures_running (0069), as the figures job keeps it. */
export interface RunningRow {
  id: string;
  /** The hourly NAVs before this instant are folded in. */
  through: number;
  firstAt: number | null;
  last: StoredPoint | null;
  peak: string | null;
  deepest: string;
  closes: StoredPoint[];
  /** The volatility kept for the UTC day starting at riskDay (null: none kept)... */
  riskDay: number | null;
  /** ...from the close of the day before at this instant (null: none). */
  riskCloseAt: number | null;
  dailyReturns: number | null;
  volatilityPct: string | null;
}

const msOf = (at: Date | null) => (at === null ? null : new Date(at).getTime());
const isoOf = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The kept running state of `ids` (absent: none kept). */
export async function runningRows(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, RunningRow>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{
    strategy_id: string;
    through: Date;
    first_at: Date | null;
    last_at: Date | null;
    last_nav: string | null;
    peak: string | null;
    deepest: string;
    closes: StoredPoint[];
    risk_day: Date | null;
    risk_close_at: Date | null;
    daily_returns: number | null;
    volatility_pct: string | null;
  }>(sql`
    SELECT strategy_id::text, through, first_at, last_at, last_nav::text, peak::text,
      deepest::text, closes, risk_day, risk_close_at, daily_returns, volatility_pct::text
    FROM strategy_figures_running WHERE strategy_id = ANY(${sql.param([...ids])}::uuid[])`);
  return new Map(
    result.rows.map((r) => {
      const lastAt = msOf(r.last_at);
      return [
        r.strategy_id,
        {
          id: r.strategy_id,
          through: new Date(r.through).getTime(),
          firstAt: msOf(r.first_at),
          last: lastAt === null || r.last_nav === null ? null : { at: lastAt, nav: r.last_nav },
          peak: r.peak,
          deepest: r.deepest,
          closes: r.closes,
          riskDay: msOf(r.risk_day),
          riskCloseAt: msOf(r.risk_close_at),
          dailyReturns: r.daily_returns,
          volatilityPct: r.volatility_pct,
        },
      ];
    }),
  );
}

/**
 * Keeps `rows` (one statement). `closes: null` leaves a kept row's closes as they are (they change
 * once a day: the row is rewritten each hour, its closes, a year of days, are not); a new row
 * must have them.
 */
export async function writeRunning(
  db: DbOrTx,
  rows: readonly (Omit<RunningRow, 'closes'> & { closes: StoredPoint[] | null })[],
): Promise<void> {
  if (rows.length === 0) return;
  const of = <T>(pick: (r: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    INSERT INTO strategy_figures_running AS k (strategy_id, through, first_at, last_at, last_nav,
      peak, deepest, closes, risk_day, risk_close_at, daily_returns, volatility_pct)
    SELECT w.id, w.through, w.first_at, w.last_at, w.last_nav, w.peak, w.deepest,
      w.closes, w.risk_day, w.risk_close_at, w.daily_returns, w.volatility_pct
    FROM unnest(${of((r) => r.id)}::uuid[], ${of((r) => isoOf(r.through))}::timestamptz[],
      ${of((r) => isoOf(r.firstAt))}::timestamptz[], ${of((r) => isoOf(r.last?.at ?? null))}::timestamptz[],
      ${of((r) => r.last?.nav ?? null)}::numeric[], ${of((r) => r.peak)}::numeric[],
      ${of((r) => r.deepest)}::numeric[],
      ${of((r) => JSON.stringify(r.closes))}::jsonb[],
      ${of((r) => isoOf(r.riskDay))}::timestamptz[],
      ${of((r) => isoOf(r.riskCloseAt))}::timestamptz[], ${of((r) => r.dailyReturns)}::integer[],
      ${of((r) => r.volatilityPct)}::numeric[])
      AS w(id, through, first_at, last_at, last_nav, peak, deepest, closes, risk_day,
        risk_close_at, daily_returns, volatility_pct)
    ON CONFLICT (strategy_id) DO UPDATE SET through = EXCLUDED.through,
      first_at = EXCLUDED.first_at, last_at = EXCLUDED.last_at, last_nav = EXCLUDED.last_nav,
      peak = EXCLUDED.peak, deepest = EXCLUDED.deepest,
      -- JSON null (not SQL NULL: the column is NOT NULL even on conflict): leave them.
      closes = CASE WHEN EXCLUDED.closes = 'null'::jsonb THEN k.closes ELSE EXCLUDED.closes END,
      risk_day = EXCLUDED.risk_day, risk_close_at = EXCLUDED.risk_close_at,
      daily_returns = EXCLUDED.daily_returns,
      volatility_pct = EXCLUDED.volatility_pct`);
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
