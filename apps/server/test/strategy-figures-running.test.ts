import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../src/modules/market/domain';
import { dailyVolatility } from '../src/modules/copy-trading/domain';
import { compactNavHistory } from '../src/modules/copy-trading/strategies/nav-history';
import { figuresRows } from '../src/modules/copy-trading/strategies/strategy-figures.repo';
import {
  refreshFigures,
  restateFigures,
} from '../src/modules/copy-trading/strategies/strategy-figures';
import { type ScriptedTradingApp, useScriptedTradingApp } from './copy-trading-helpers';
import { historyFiguresOf } from './strategy-figures-helpers';

/**
 * The figures job's whole-record figures kept as running state (0069, issue 43): run after run,
 * with the hour and the UTC day turning, the history compacted, a strategy restarting after days
 * without a NAV, what it states is exactly the domain functions over the whole history at that
 * instant, as the strategy's page computes them.
 */
let t: ScriptedTradingApp;
useScriptedTradingApp((made) => (t = made));

const iso = (at: number) => new Date(at).toISOString();
/** One NAV every `every` from `from` to `to` (inclusive), a wave with falls, as a tick writes. */
async function writeNavs(id: string, from: number, to: number, every: string) {
  await t.db.execute(sql`
    INSERT INTO nav_snapshots (strategy_id, at, nav)
    SELECT ${id}::uuid, at,
      round((1 + 0.2 * sin(e / 2000000) + 0.03 * sin(e / 31000) + 0.01 * sin(e / 3100))::numeric, 10)
    FROM generate_series(${iso(from)}::timestamptz, ${iso(to)}::timestamptz, ${every}::interval) AS at,
      LATERAL (SELECT extract(epoch FROM at)::float8 AS e) x
    ON CONFLICT DO NOTHING`);
  await t.db.execute(sql`
    UPDATE strategies SET (nav, nav_at) = (SELECT nav, at FROM nav_snapshots
      WHERE strategy_id = ${id} ORDER BY at DESC LIMIT 1)
    WHERE id = ${id}`);
}

/** The history figures of `id` at `now` computed over its whole history, and its volatility. */
async function full(id: string, now: number) {
  const [latest] = (
    await t.db.execute<{ nav: string; nav_at: Date | null }>(
      sql`SELECT nav::text, nav_at FROM strategies WHERE id = ${id}`,
    )
  ).rows;
  if (!latest) throw new Error(`no strategy ${id}`);
  const navAt = latest.nav_at === null ? null : new Date(latest.nav_at).getTime();
  const { hourly, figures } = await historyFiguresOf(t.db, id, now, { nav: latest.nav, navAt });
  // The running state's volatility (not stated: the risk score's band reads it).
  return {
    ...figures,
    volatilityPct: dailyVolatility(hourly, now).volatilityPct?.toFixed() ?? null,
  };
}

/** `ids`' history figures as kept, each stated at `now`. */
async function kept(ids: readonly string[], now: number) {
  const rows = await figuresRows(t.db, ids);
  const volatility = new Map(
    (
      await t.db.execute<{ id: string; pct: string | null }>(sql`
        SELECT strategy_id::text AS id, volatility_pct::text AS pct FROM strategy_figures_running
        WHERE strategy_id = ANY(${sql.param([...ids])}::uuid[])`)
    ).rows.map((r) => [r.id, r.pct]),
  );
  return Object.fromEntries(
    ids.map((id) => {
      const row = rows.get(id);
      expect(row?.asOf.getTime(), `${id} stated now`).toBe(now);
      return [
        id,
        {
          avgDailyReturnPct: row?.avgDailyReturnPct,
          maxDrawdownPct: row?.maxDrawdownPct,
          losingDays: row?.losingDays,
          recordMaxDrawdownPct: row?.recordMaxDrawdownPct,
          riskScore: row?.riskScore,
          startedAt: row?.startedAt,
          volatilityPct: volatility.get(id),
        },
      ];
    }),
  );
}

async function fullOf(ids: readonly string[], now: number) {
  return Object.fromEntries(
    await Promise.all(ids.map(async (id) => [id, await full(id, now)] as const)),
  );
}

describe('the figures job from running state', () => {
  it('run after run (hours, a day turning, compaction, a restart after a gap) states exactly the full computation', async () => {
    const ids = (
      await t.db.execute<{ id: string }>(sql`SELECT id::text FROM strategies ORDER BY id LIMIT 2`)
    ).rows.map((r) => r.id);
    const [steady, restarting] = ids as [string, string];
    // Start five hours before a UTC day turns.
    const start = t.clock.now().getTime();
    t.clock.advance(DAY_MS - (start % DAY_MS) - 5 * HOUR_MS + 7 * 60_000);
    let now = t.clock.now().getTime();
    // A year and a month of history: hourly, then a point every 10 minutes for the last two days
    // (the minutes the history keeps); the second strategy has no NAV for the last 20 hours.
    await t.db.execute(
      sql`DELETE FROM nav_snapshots WHERE strategy_id = ANY(${sql.param(ids)}::uuid[])`,
    );
    for (const id of ids) {
      await writeNavs(id, now - 400 * DAY_MS, now - 2 * DAY_MS, '1 hour');
      await writeNavs(
        id,
        now - 2 * DAY_MS + 60_000,
        id === steady ? now : now - 20 * HOUR_MS,
        '10 minutes',
      );
    }
    // Written behind the tick's back: restated from the whole history, the running state with it.
    await restateFigures(t.ctx, ids, new Date(now));
    expect(await kept(ids, now)).toEqual(await fullOf(ids, now));

    let lateClose = false;
    for (let step = 1; step <= 30; step += 1) {
      const before = now;
      t.clock.advance(HOUR_MS + (step % 3) * 60_000);
      now = t.clock.now().getTime();
      await writeNavs(steady, before + 60_000, now, '10 minutes');
      // The second strategy restarts after a day without a NAV, across the day's turn.
      if (step > 4) await writeNavs(restarting, before + 60_000, now, '10 minutes');
      if (step % 6 === 0) await compactNavHistory(t.ctx, new Date(now), false);
      const stated = await refreshFigures(t.ctx, t.clock.now());
      const moved = step > 4 ? ids : [steady];
      expect(stated.histories, `step ${step}`).toBeGreaterThanOrEqual(moved.length);
      expect(await kept(moved, now), `step ${step}`).toEqual(await fullOf(moved, now));
      if (now % DAY_MS < HOUR_MS) {
        // A point of the day that just ended, committed after this run read the history (a
        // tick's as the day turned): the day's volatility kept from this run is computed again.
        await t.db.execute(sql`
          INSERT INTO nav_snapshots (strategy_id, at, nav)
          VALUES (${steady}, ${iso(now - (now % DAY_MS) - 20_000)}::timestamptz, 1.5)`);
        lateClose = true;
      }
    }
    expect(lateClose).toBe(true);
    // The whole history compacted (the leader's first run), then the next hour's run.
    expect(await compactNavHistory(t.ctx, new Date(now), true)).toBeGreaterThan(0);
    t.clock.advance(HOUR_MS);
    now = t.clock.now().getTime();
    for (const id of ids) await writeNavs(id, now - HOUR_MS + 60_000, now, '10 minutes');
    await refreshFigures(t.ctx, t.clock.now());
    const last = await fullOf(ids, now);
    expect(await kept(ids, now)).toEqual(last);
    // The scripted history supports every figure.
    for (const id of ids) {
      expect(last[id]?.riskScore).not.toBeNull();
      expect(Number(last[id]?.recordMaxDrawdownPct)).toBeGreaterThan(0);
    }
  }, 300_000);

  it('a running state missing a point states another figure than the full computation, until restated', async () => {
    const [id] = (
      await t.db.execute<{ id: string }>(sql`SELECT id::text FROM strategies ORDER BY id LIMIT 1`)
    ).rows.map((r) => r.id) as [string];
    let now = t.clock.now().getTime();
    await t.db.execute(sql`DELETE FROM nav_snapshots WHERE strategy_id = ${id}`);
    await writeNavs(id, now - 60 * DAY_MS, now, '1 hour');
    await restateFigures(t.ctx, [id], new Date(now));
    expect(await kept([id], now)).toEqual(await fullOf([id], now));
    // As if a run had left out the deepest trough: the kept fall is the last hour's alone.
    await t.db.execute(
      sql`UPDATE strategy_figures_running SET deepest = 0 WHERE strategy_id = ${id}`,
    );
    t.clock.advance(HOUR_MS);
    now = t.clock.now().getTime();
    await writeNavs(id, now - HOUR_MS + 60_000, now, '10 minutes');
    await refreshFigures(t.ctx, t.clock.now());
    const expected = await fullOf([id], now);
    expect((await kept([id], now))[id]?.recordMaxDrawdownPct).not.toBe(
      expected[id]?.recordMaxDrawdownPct,
    );
    await restateFigures(t.ctx, [id], t.clock.now());
    expect(await kept([id], now)).toEqual(expected);
  });
});
