import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { useDatabaseMigratedUpTo } from './migration-helpers';

/**
 * Migration 0058 compacts the NAV history kept so far (one point a minute, forever) to what each
 * age keeps: every minute of the last two days, each hour's last NAV for the 31 whole days before,
 * and before that each UTC day's last NAV with the few hourly NAVs its drawdown depends on.
 * Proven on a database in the shape before it. `NAV_MIGRATION_STRATEGIES=100` times it on a
 * year of minute points for that many strategies (issue 43; the figure is in bench/RESULTS.md).
 */
let pool: pg.Pool;
useDatabaseMigratedUpTo('0056_practice_account.sql', (made) => (pool = made));

const STRATEGIES = Number(process.env.NAV_MIGRATION_STRATEGIES ?? 2);
const DAYS = Number(process.env.NAV_MIGRATION_DAYS ?? (STRATEGIES > 2 ? 365 : 60));

async function count(where: string): Promise<number> {
  const result = await pool.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM nav_snapshots WHERE ${where}`,
  );
  return Number(result.rows[0]?.n);
}

describe('migration 0058: NAV history at decreasing resolution', () => {
  it('keeps minutes for two days, hours for 31 days, then each day’s close and drawdown points', async () => {
    await pool.query(
      `INSERT INTO strategies (name, nav) SELECT 'S' || i, 1 FROM generate_series(1, $1) i`,
      [STRATEGIES],
    );
    const started = performance.now();
    await pool.query(
      `INSERT INTO nav_snapshots (strategy_id, at, nav)
       SELECT s.id, at, round((1 + 0.2 * sin(extract(epoch FROM at)::float8 / 2000 + s.k))::numeric, 10)
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM strategies) s,
         generate_series(date_trunc('minute', now()) - make_interval(days => $1), now(),
           interval '1 minute') AS at`,
      [DAYS],
    );
    const filled = performance.now();
    const before = await count('true');
    await migrate(pool);
    const migrated = performance.now();
    const after = await count('true');
    console.info(
      `0058 on ${STRATEGIES} strategies × ${DAYS} days of minute points: ${before} → ${after} rows, ` +
        `filled in ${Math.round(filled - started)} ms, migrated in ${Math.round(migrated - filled)} ms`,
    );

    // Every minute since the start of the hour two days ago (to the last one filled).
    expect(await count(`at >= date_trunc('hour', now(), 'UTC') - interval '2 days'`)).toBe(
      (
        await pool.query<{ n: string }>(
          `SELECT (count(*) * $1)::text AS n FROM generate_series(
           date_trunc('hour', now(), 'UTC') - interval '2 days',
           (SELECT max(at) FROM nav_snapshots), interval '1 minute')`,
          [STRATEGIES],
        )
      ).rows.map((r) => Number(r.n))[0],
    );
    // One point an hour (its last minute) for the 31 whole days before.
    const hourly = await pool.query<{ n: string; closes: string }>(
      `SELECT count(*)::text AS n,
         count(*) FILTER (WHERE extract(minute FROM at) = 59)::text AS closes
       FROM nav_snapshots
       WHERE at >= date_trunc('day', now() - interval '31 days', 'UTC')
         AND at < date_trunc('hour', now(), 'UTC') - interval '2 days'`,
    );
    expect(hourly.rows[0]?.closes).toBe(hourly.rows[0]?.n);
    // Before that, each day keeps its close (23:59) and at most four hourly NAVs besides, except
    // the first day, which keeps its first point too.
    const days = await pool.query<{ most: number; closes: string; days: string }>(
      `SELECT max(n)::int AS most, sum(closes)::text AS closes, count(*)::text AS days FROM (
         SELECT strategy_id, date_trunc('day', at, 'UTC'), count(*) AS n,
           count(*) FILTER (WHERE extract(hour FROM at AT TIME ZONE 'UTC') = 23
             AND extract(minute FROM at) = 59) AS closes
         FROM nav_snapshots
         WHERE at < date_trunc('day', now() - interval '31 days', 'UTC')
           AND at > (SELECT min(at) FROM nav_snapshots) + interval '1 day'
         GROUP BY 1, 2) d`,
    );
    expect(days.rows[0]?.closes).toBe(days.rows[0]?.days);
    expect(days.rows[0]?.most).toBeLessThanOrEqual(5);
    // Each strategy's first point stays.
    expect(await count(`at = (SELECT min(at) FROM nav_snapshots)`)).toBe(STRATEGIES);
  }, 3_600_000);
});
