import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicPlan } from '@app/shared/schemas/plans';
import type {
  NavSeries,
  StrategyDirectory,
  StrategyList,
  StrategyRecord,
} from '@app/shared/schemas/strategies';
import { compactNavHistory } from '../src/modules/copy-trading/strategies/nav-history';
import { restateFigures } from '../src/modules/copy-trading/strategies/strategy-figures';
import { TestClient } from './harness';
import { passTime, type ScriptedTradingApp, useScriptedTradingApp } from './copy-trading-helpers';

/**
 * The NAV history at decreasing resolution (issue 43): on a scripted year of minute points, every
 * figure that reads the history — returns over each window, the card's metrics and chart, the
 * record (monthly table, drawdown and its chart, volatility, Sharpe, risk score, NAV history), the
 * directory, the 7- and 30-day NAV charts — is the same before and after the compaction, and what
 * a strategy keeps of a year is bounded.
 */
let t: ScriptedTradingApp;
useScriptedTradingApp((made) => (t = made));

const DAY_MS = 86_400_000;

/** A year and two weeks of one NAV a minute, with a fall of 60 % and back within one day. */
async function scriptYearOfMinutes(strategyId: string): Promise<void> {
  const now = t.clock.now();
  await t.db.execute(sql`DELETE FROM nav_snapshots WHERE strategy_id = ${strategyId}`);
  await t.db.execute(sql`
    INSERT INTO nav_snapshots (strategy_id, at, nav)
    SELECT ${strategyId}::uuid, at,
      round((1 + 0.3 * sin(e / 3456000) + 0.02 * sin(e / 2117) + 0.01 * sin(e / 317))::numeric
        * CASE WHEN at >= '2025-01-15 10:07Z' AND at < '2025-01-15 11:43Z' THEN 0.4 ELSE 1 END, 10)
    FROM generate_series(date_trunc('minute', ${now.toISOString()}::timestamptz) - interval '380 days',
      ${now.toISOString()}::timestamptz, interval '1 minute') AS at,
      LATERAL (SELECT extract(epoch FROM at)::float8 AS e) x`);
  await t.db.execute(sql`
    UPDATE strategies SET (nav, nav_at) = (SELECT nav, at FROM nav_snapshots
      WHERE strategy_id = ${strategyId} ORDER BY at DESC LIMIT 1)
    WHERE id = ${strategyId}`);
  // Written behind the tick's back: the kept figures (strategy_figures) are stated again from it.
  await restateFigures(t.ctx, [strategyId], now);
}

async function figures(strategyId: string) {
  const client = new TestClient(t.app);
  const get = async <T>(url: string) => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  return {
    record: await get<StrategyRecord>(`/api/strategies/${strategyId}/record`),
    directory: (await get<StrategyDirectory>('/api/strategies/directory')).strategies,
    list: (await get<StrategyList>('/api/strategies')).strategies,
    plans: (await get<{ plans: PublicPlan[] }>('/api/plans')).plans,
    week: await get<NavSeries>(`/api/strategies/${strategyId}/nav?days=7`),
    month: await get<NavSeries>(`/api/strategies/${strategyId}/nav?days=30`),
  };
}

async function rowsOf(strategyId: string, since: number): Promise<number> {
  const result = await t.db.execute<{ n: string }>(sql`
    SELECT count(*)::text AS n FROM nav_snapshots
    WHERE strategy_id = ${strategyId} AND at >= ${new Date(since).toISOString()}::timestamptz`);
  return Number(result.rows[0]?.n);
}

describe('NAV history at decreasing resolution', () => {
  it('every figure is the same after compaction, and a strategy-year keeps a few thousand points', async () => {
    const plans = (await new TestClient(t.app).get('/api/plans')).json<{ plans: PublicPlan[] }>();
    const strategyId = plans.plans.find((p) => p.title === 'Silver')?.strategy?.id ?? '';
    await scriptYearOfMinutes(strategyId);
    const now = t.clock.now();
    const before = await figures(strategyId);
    // The scripted history supports every figure, and the day's fall is in the drawdown.
    expect(Object.values(before.record.returns).every((r) => r !== null)).toBe(true);
    expect(before.record.risk.riskScore).not.toBeNull();
    expect(Number(before.record.maxDrawdownPct)).toBeGreaterThan(60);

    // What the hourly job does after an hour, then the whole history as its first run does.
    // The kept figures are stated again from what each compaction left: the same.
    const recent = await compactNavHistory(t.ctx, now, false);
    expect(recent).toBeGreaterThan(0);
    await restateFigures(t.ctx, [strategyId], now);
    expect(await figures(strategyId)).toEqual(before);
    const removed = await compactNavHistory(t.ctx, now, true);
    expect(removed).toBeGreaterThan(500_000);
    // The planner knows the history's new size at once (the catch-up analyzes what it left),
    // so no read of one strategy's history is planned for the half a million rows that went.
    const { rows: stats } = await t.db.execute<{ estimated: number; kept: string }>(sql`
      SELECT c.reltuples AS estimated, (SELECT count(*) FROM nav_snapshots) AS kept
      FROM pg_class c WHERE c.oid = 'nav_snapshots'::regclass`);
    expect(Number(stats[0]?.estimated)).toBe(Number(stats[0]?.kept));
    await restateFigures(t.ctx, [strategyId], now);
    expect(await figures(strategyId)).toEqual(before);
    // Nothing more to take: the kept points are what each period keeps.
    expect(await compactNavHistory(t.ctx, now, true)).toBe(0);

    const year = await rowsOf(strategyId, now.getTime() - 365 * DAY_MS);
    console.info(`scale/nav-rows-per-strategy-year ${year}`);
    expect(year).toBeLessThan(5000);
    // The minute points of the last two days are all there.
    expect(await rowsOf(strategyId, now.getTime() - 2 * DAY_MS)).toBe(2 * 24 * 60);
  }, 240_000);

  it('the leader compacts what became old enough, every hour', async () => {
    const plans = (await new TestClient(t.app).get('/api/plans')).json<{ plans: PublicPlan[] }>();
    const strategyId = plans.plans.find((p) => p.title === 'Silver')?.strategy?.id ?? '';
    const hour = Math.floor(t.clock.now().getTime() / 3_600_000) * 3_600_000 - 3 * DAY_MS;
    await t.db.execute(sql`
      INSERT INTO nav_snapshots (strategy_id, at, nav)
      SELECT ${strategyId}::uuid, at, 1
      FROM generate_series(${new Date(hour).toISOString()}::timestamptz,
        ${new Date(hour + 59 * 60_000).toISOString()}::timestamptz, interval '1 minute') AS at
      ON CONFLICT DO NOTHING`);
    const inHour = sql`strategy_id = ${strategyId} AND at >= ${new Date(hour).toISOString()}::timestamptz
      AND at < ${new Date(hour + 3_600_000).toISOString()}::timestamptz`;
    const kept = async () =>
      (
        await t.db.execute<{ at: Date }>(sql`SELECT at FROM nav_snapshots WHERE ${inHour}`)
      ).rows.map((r) => new Date(r.at).toISOString());
    expect(await kept()).toHaveLength(60);
    await passTime(t, 3_600_000);
    // The hour's last NAV, at its instant (the scripted year's, compacted above, kept its close).
    expect(await kept()).toEqual([new Date(hour + 59 * 60_000).toISOString()]);
  });
});
