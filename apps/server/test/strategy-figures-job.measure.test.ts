import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../src/modules/market/domain';
import { maxDrawdownPct, riskFigures, strategyMetrics } from '../src/modules/copy-trading/domain';
import { compactNavHistory } from '../src/modules/copy-trading/strategies/nav-history';
import * as repo from '../src/modules/copy-trading/strategies/strategy-figures.repo';
import { refreshFigures } from '../src/modules/copy-trading/strategies/strategy-figures';
import { createTestApp, type TestApp } from './harness';

/**
 * A focused measurement (issue 43, not a test: `FIGJOB_MEASURE=1` runs it; FIGJOB_STRATEGIES
 * strategies, 1,000 unless set): each strategy with a year of hourly NAV and, for the last two
 * days, one a minute (what the history keeps), built by SQL. Then what the figures job's
 * history figures cost: the whole history re-read each hour (before, inlined here), the first run
 * from no running state (the one-off fold), and the hourly runs after, across a UTC day's turn.
 *
 * Session 21, 1,000 strategies (11.6 M NAV rows), a machine at load ~10 on 2 CPUs: the whole
 * histories 387 s (30 statements); the first run from no state 131 s; the hourly runs 14-25 s
 * (62 statements with the stale-row reads; the day's turn the dearest: each volatility again).
 */
const ms = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - started)];
};
const iso = (at: number) => new Date(at).toISOString();

/** Counts the statements `t.ctx.db` runs while `work` does. */
async function counted<T>(t: TestApp, work: () => Promise<T>): Promise<[T, number, number]> {
  const db = t.ctx.db as { execute: (...args: unknown[]) => Promise<unknown> };
  const execute = db.execute;
  let statements = 0;
  db.execute = (...args: unknown[]) => {
    statements += 1;
    return execute.apply(db, args);
  };
  try {
    const [result, took] = await ms(work);
    return [result, took, statements];
  } finally {
    db.execute = execute;
  }
}

/** The job's history step before running state (session 20), inlined: every whole history. */
async function wholeHistories(t: TestApp, ids: readonly string[], now: number) {
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    const latest = await t.db.execute<{ id: string; nav: string; nav_at: Date | null }>(sql`
      SELECT id::text, nav::text, nav_at FROM strategies WHERE id = ANY(${sql.param(batch)}::uuid[])`);
    const points = await t.db.execute<{ strategy_id: string; at: Date; nav: string }>(sql`
      SELECT DISTINCT ON (strategy_id, date_trunc('hour', at, 'UTC')) strategy_id::text, at,
        nav::text AS nav
      FROM nav_snapshots WHERE strategy_id = ANY(${sql.param(batch)}::uuid[])
      ORDER BY strategy_id, date_trunc('hour', at, 'UTC'), at DESC`);
    const hourly = new Map<string, { at: number; nav: string }[]>();
    for (const p of points.rows) {
      const list = hourly.get(p.strategy_id) ?? [];
      list.push({ at: new Date(p.at).getTime(), nav: p.nav });
      hourly.set(p.strategy_id, list);
    }
    const writes = latest.rows.map((r) => {
      const series = hourly.get(r.id) ?? [];
      const recent = series.filter((p) => p.at >= now - 31 * DAY_MS);
      if (r.nav_at !== null) recent.push({ at: new Date(r.nav_at).getTime(), nav: r.nav });
      const metrics = strategyMetrics(recent, now);
      const record = maxDrawdownPct(series, now);
      return {
        id: r.id,
        avgDailyReturnPct: metrics.avgDailyReturnPct,
        maxDrawdownPct: metrics.maxDrawdownPct,
        losingDays: metrics.losingDays,
        recordMaxDrawdownPct: record,
        riskScore: riskFigures(series, now, record).riskScore,
        startedAt: series[0]?.at ?? null,
      };
    });
    await repo.writeHistories(t.db, writes, now);
  }
}

const count = Number(process.env.FIGJOB_STRATEGIES ?? 1000);

describe.skipIf(!process.env.FIGJOB_MEASURE)(`the figures job at ${count} strategies`, () => {
  it('measures', async () => {
    const t = await createTestApp();
    try {
      // 22:10 UTC: the runs below cross a day's turn.
      const at = t.clock.now().getTime();
      t.clock.advance(DAY_MS - (at % DAY_MS) - 2 * HOUR_MS + 10 * 60_000);
      let now = t.clock.now().getTime();
      const minutesFrom = Math.floor(now / HOUR_MS) * HOUR_MS - 2 * DAY_MS;
      const wave = `round((1 + 0.1 * sin(extract(epoch FROM at) / 1200000 + s.i)
        + 0.02 * sin(extract(epoch FROM at) / 7000 + s.i))::numeric, 10)`;
      const [, build] = await ms(async () => {
        await t.db.execute(
          sql.raw(`CREATE TABLE measure_strategies AS
          SELECT i, gen_random_uuid() AS id FROM generate_series(0, ${count - 1}) AS i`),
        );
        await t.db.execute(sql`
          INSERT INTO strategies (id, name, description, cash_per_unit, nav, nav_at, created_at,
                                  performance_fee_pct)
          SELECT id, 'Measure strategy ' || i, 'Measure strategy ' || i, 1, 1,
            ${iso(now)}::timestamptz, ${iso(now - 366 * DAY_MS)}::timestamptz, 20
          FROM measure_strategies`);
        for (let first = 0; first < count; first += 50) {
          await t.db.execute(
            sql.raw(`INSERT INTO nav_snapshots (strategy_id, at, nav)
            SELECT s.id, at, ${wave} FROM measure_strategies s,
              generate_series('${iso(now - 365 * DAY_MS)}'::timestamptz,
                '${iso(minutesFrom - 1)}'::timestamptz, interval '1 hour') AS at
            WHERE s.i >= ${first} AND s.i < ${first + 50}
            UNION ALL
            SELECT s.id, at, ${wave} FROM measure_strategies s,
              generate_series('${iso(minutesFrom)}'::timestamptz, '${iso(now)}'::timestamptz,
                interval '1 minute') AS at
            WHERE s.i >= ${first} AND s.i < ${first + 50}
            ORDER BY 1, 2`),
          );
        }
        await t.db.execute(sql`UPDATE strategies s SET nav = n.nav FROM nav_snapshots n
          WHERE n.strategy_id = s.id AND n.at = ${iso(now)}::timestamptz`);
        await t.db.execute(sql`VACUUM (ANALYZE)`);
      });
      const ids = (
        await t.db.execute<{ id: string }>(sql`SELECT id::text FROM measure_strategies ORDER BY id`)
      ).rows.map((r) => r.id);
      const rows = Number(
        (await t.db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM nav_snapshots`))
          .rows[0]?.n,
      );
      console.log(`built ${count} strategies, ${rows} NAV rows in ${Math.round(build / 1000)} s`);

      const [, before, beforeStatements] = await counted(t, () => wholeHistories(t, ids, now));
      // From no running state: the first run folds every whole history (as a restatement does).
      await t.db.execute(sql`UPDATE strategy_figures SET as_of = 'epoch'`);
      const thisHour = () => sql`${iso(Math.floor(now / HOUR_MS) * HOUR_MS)}::timestamptz`;
      // The windows are the tick's each hour: only the history figures are measured.
      await t.db.execute(sql`UPDATE strategy_figures SET window_hour = ${thisHour()}`);
      const [first, firstMs, firstStatements] = await counted(t, () =>
        refreshFigures(t.ctx, t.clock.now()),
      );
      expect(first.histories).toBeGreaterThanOrEqual(count);
      const hours: Record<string, unknown>[] = [];
      for (let hour = 1; hour <= 5; hour += 1) {
        const previous = now;
        t.clock.advance(HOUR_MS);
        now = t.clock.now().getTime();
        // The hour's minute points, as the ticks write them, and the hourly compaction.
        await t.db.execute(
          sql.raw(`INSERT INTO nav_snapshots (strategy_id, at, nav)
          SELECT s.id, at, ${wave} FROM measure_strategies s,
            generate_series('${iso(previous + 60_000)}'::timestamptz, '${iso(now)}'::timestamptz,
              interval '1 minute') AS at ORDER BY 1, 2`),
        );
        await t.db
          .execute(sql`UPDATE strategies s SET nav = n.nav, nav_at = n.at FROM nav_snapshots n
          WHERE n.strategy_id = s.id AND n.at = ${iso(now)}::timestamptz`);
        await compactNavHistory(t.ctx, new Date(now), false);
        await t.db.execute(sql`UPDATE strategy_figures SET window_hour = ${thisHour()}`);
        await t.db.execute(sql`ANALYZE nav_snapshots`);
        const [refreshed, took, statements] = await counted(t, () =>
          refreshFigures(t.ctx, t.clock.now()),
        );
        expect(refreshed.histories).toBeGreaterThanOrEqual(count);
        hours.push({ at: iso(now).slice(11, 16), ms: took, statements });
      }
      console.log(
        JSON.stringify({
          strategies: count,
          navRows: rows,
          wholeHistoriesMs: before,
          wholeHistoriesStatements: beforeStatements,
          firstRunFromNoStateMs: firstMs,
          firstRunStatements: firstStatements,
          hourlyRuns: hours,
        }),
      );
    } finally {
      await t.close();
    }
  }, 3_600_000);
});
