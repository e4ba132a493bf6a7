import { sql, type SQL } from 'drizzle-orm';
import { RETURN_WINDOWS } from '@app/shared/return-windows';
import type { DbOrTx } from '../../../db/client';

/** The kept columns of RETURN_WINDOWS' returns, in its order. */
const RETURN_COLUMNS = [
  'return_7d_pct',
  'return_30d_pct',
  'return_90d_pct',
  'return_1y_pct',
  'return_all_pct',
] as const;

/**
 * The tick's figures step for every changed NAV in one statement (issue 43): for each strategy
 * whose kept window points are `hour`'s, its returns over every window from those points and
 * the NAV just written as its minute's point, and the money copying it at that NAV; rows
 * written only where something changes, locked in id order, a row locked by a copy's
 * transaction skipped. The arithmetic is windowReturns' (domain/window-returns.ts) over the
 * same points — end ÷ start − 1 in %, rounded half away from zero to 2 decimals, null without a
 * start, at the end itself or at a NAV ≤ 0 — exact in NUMERIC (a property test holds the two
 * together: tick-returns.test.ts). `boundaries` are returnWindowBoundary's at `now` in
 * RETURN_WINDOWS' order (null: from the first point).
 *
 * Returns the strategies it left: `locked`, and `stale` (no row, or its points are not this
 * hour's: the caller reads their points from the history).
 */
export async function writeTickReturns(
  db: DbOrTx,
  navs: readonly { id: string; nav: string; minute: number }[],
  at: { now: number; hour: number; boundaries: readonly (number | null)[] },
): Promise<{ locked: string[]; stale: string[] }> {
  if (navs.length === 0) return { locked: [], stale: [] };
  const sorted = [...navs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const windows = RETURN_WINDOWS.map((_, i) => {
    const boundary = at.boundaries[i] ?? null;
    if (boundary === null)
      return { at: sql`min(p.at)`, nav: sql`(array_agg(p.nav ORDER BY p.at))[1]` };
    const before = sql`p.at <= ${boundary - 1}::bigint`;
    return {
      at: sql`max(p.at) FILTER (WHERE ${before})`,
      nav: sql`(array_agg(p.nav ORDER BY p.at DESC) FILTER (WHERE ${before}))[1]`,
    };
  });
  const starts = sql.join(
    windows.map(
      (w, i) => sql`${w.at} AS s${sql.raw(String(i))}_at, ${w.nav} AS s${sql.raw(String(i))}_nav`,
    ),
    sql`, `,
  );
  const pct = (i: number): SQL => {
    const s = sql.raw(`a.s${i}_nav`);
    return sql`CASE WHEN a.s${sql.raw(String(i))}_at IS NULL OR a.s${sql.raw(String(i))}_at = a.end_at
        OR ${s} <= 0 THEN NULL
      ELSE sign(a.end_nav - ${s}) * div(abs(a.end_nav - ${s}) * 20000 + ${s}, 2 * ${s}) * 0.01 END`;
  };
  const returns = sql.join(
    RETURN_COLUMNS.map((column, i) => sql`${pct(i)} AS ${sql.raw(column)}`),
    sql`, `,
  );
  const kept = sql.raw(RETURN_COLUMNS.map((c) => `f.${c}`).join(', '));
  const computed = sql.raw(RETURN_COLUMNS.map((c) => `c.${c}`).join(', '));
  const set = sql.raw(RETURN_COLUMNS.map((c) => `${c} = c.${c}`).join(', '));
  const { rows } = await db.execute<{ id: string; locked: boolean }>(sql`
    WITH w AS (
      SELECT * FROM unnest(${sql.param(sorted.map((n) => n.id))}::uuid[],
        ${sql.param(sorted.map((n) => n.nav))}::numeric[],
        ${sql.param(sorted.map((n) => String(n.minute)))}::bigint[]) AS w(id, nav, minute)
    ), kept AS (
      SELECT f.strategy_id, w.nav, w.minute, f.window_points FROM strategy_figures f
      JOIN w ON w.id = f.strategy_id
      WHERE f.window_hour = ${new Date(at.hour).toISOString()}::timestamptz
    ), p AS (
      -- The kept points with the NAV written as its minute's point (in place of one kept there).
      SELECT k.strategy_id, (e->>'at')::bigint AS at, (e->>'nav')::numeric AS nav
      FROM kept k, jsonb_array_elements(coalesce(k.window_points, '[]')) e
      WHERE (e->>'at')::bigint <> k.minute AND (e->>'at')::bigint <= ${at.now}::bigint
      UNION ALL
      SELECT k.strategy_id, k.minute, k.nav FROM kept k WHERE k.minute <= ${at.now}::bigint
    ), a AS (
      SELECT p.strategy_id, max(p.at) AS end_at, (array_agg(p.nav ORDER BY p.at DESC))[1] AS end_nav,
        ${starts}
      FROM p GROUP BY p.strategy_id
    ), c AS (
      SELECT k.strategy_id, k.nav, ${returns} FROM kept k LEFT JOIN a USING (strategy_id)
    ), due AS (
      -- Only the rows something changes.
      SELECT c.strategy_id FROM c JOIN strategy_figures f USING (strategy_id)
      WHERE (${kept}) IS DISTINCT FROM (${computed})
        OR f.aum_cents <> strategy_figures_aum(c.nav, f.copied_units)
    ), locked AS (
      SELECT f.strategy_id FROM strategy_figures f WHERE f.strategy_id IN (SELECT strategy_id FROM due)
      ORDER BY f.strategy_id FOR NO KEY UPDATE OF f SKIP LOCKED
    ), written AS (
      UPDATE strategy_figures f SET ${set}, aum_cents = strategy_figures_aum(c.nav, f.copied_units)
      FROM c WHERE f.strategy_id = c.strategy_id AND f.strategy_id IN (SELECT strategy_id FROM locked)
    )
    SELECT strategy_id::text AS id, true AS locked FROM due
    WHERE strategy_id NOT IN (SELECT strategy_id FROM locked)
    UNION ALL
    SELECT w.id::text, false FROM w WHERE w.id NOT IN (SELECT strategy_id FROM kept)`);
  return {
    locked: rows.filter((r) => r.locked).map((r) => r.id),
    stale: rows.filter((r) => !r.locked).map((r) => r.id),
  };
}
