import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicPlan } from '@app/shared/schemas/plans';
import {
  DEMO_TRADER_DESCRIPTIONS,
  DEMO_TRADER_IDS,
  type Strategy,
} from '@app/shared/schemas/strategies';
import { ensureDemoStrategies } from '../src/modules/copy-trading/strategies/demo-strategies.service';
import { TEST_MARKET, type TradingTestApp, useTradingApp } from './copy-trading-helpers';

let t: TradingTestApp;
useTradingApp((made) => (t = made));

async function links(): Promise<[string, string | null][]> {
  const { rows } = await t.db.execute<{ title: string; trader: string | null }>(sql`
    SELECT p.title, s.demo_trader AS trader FROM plans p
    LEFT JOIN strategies s ON s.id = p.strategy_id ORDER BY p.sort_order`);
  return rows.map((r) => [r.title, r.trader]);
}

const ensure = () =>
  ensureDemoStrategies(t.ctx, t.clock.now().getTime(), {
    backfillDays: TEST_MARKET.backfillDays,
    warmupDays: 2,
  });

describe('demo strategies: one per seeded plan', () => {
  it('links each seeded plan to its own strategy, so no plan shows another plan’s copiers', async () => {
    expect(await links()).toEqual([
      ['Basic', 'majors-basket'],
      ['Silver', 'trend-following'],
      ['Gold', 'mean-reversion'],
      ['Platinum', 'bitcoin-reserve'],
    ]);
    const plans = (await t.app.inject({ url: '/api/plans' })).json<{ plans: PublicPlan[] }>().plans;
    const ids = plans.map((plan) => plan.strategy?.id);
    expect(new Set(ids).size).toBe(4);
    expect(plans.find((p) => p.title === 'Platinum')?.strategy?.name).toBe('Bitcoin Reserve');
  });

  it('names the built-in trader of each demo strategy, so the web words its description in the reader’s language', async () => {
    const { strategies } = (await t.app.inject({ url: '/api/strategies' })).json<{
      strategies: Strategy[];
    }>();
    const demo = strategies.filter((strategy) => strategy.runBy === 'demo');
    expect(demo.map((s) => [s.demoTrader, s.description]).sort()).toEqual(
      DEMO_TRADER_IDS.map((id) => [id, DEMO_TRADER_DESCRIPTIONS[id]]).sort(),
    );
  });

  it('keeps the replayed orders as each strategy’s order log, dated when they were decided', async () => {
    const { rows } = await t.db.execute<{ trader: string; fills: number; latest: Date }>(sql`
      SELECT s.demo_trader AS trader, count(f.id)::int AS fills, max(f.created_at) AS latest
      FROM strategies s JOIN strategy_fills f ON f.strategy_id = s.id AND f.reason = 'demo'
      WHERE s.demo_trader IS NOT NULL GROUP BY s.demo_trader ORDER BY s.demo_trader`);
    // Every demo trader traded over the back-filled days (the simulated market moves), and every
    // fill is dated within the replay, none at the moment the strategy was created.
    expect(rows.map((r) => r.trader)).toEqual([
      'bitcoin-reserve',
      'majors-basket',
      'mean-reversion',
      'trend-following',
    ]);
    for (const row of rows) {
      expect(row.fills, row.trader).toBeGreaterThan(0);
      expect(new Date(row.latest).getTime(), row.trader).toBeLessThanOrEqual(
        t.clock.now().getTime(),
      );
    }
    const { rows: spread } = await t.db.execute<{ days: number }>(sql`
      SELECT count(DISTINCT date_trunc('day', created_at))::int AS days FROM strategy_fills
      WHERE reason = 'demo'`);
    expect(spread[0]!.days).toBeGreaterThan(1);
  });

  it('is idempotent: a second start creates and relinks nothing', async () => {
    expect(await ensure()).toEqual({ created: 0 });
    expect((await links()).map(([, trader]) => trader)).toEqual([
      'majors-basket',
      'trend-following',
      'mean-reversion',
      'bitcoin-reserve',
    ]);
  });

  it('upgrades an install seeded when Platinum shared the Majors Basket, leaving operator links alone', async () => {
    // As an earlier version left it: no Bitcoin Reserve (its row becomes an operator strategy
    // here), Platinum on the Majors Basket, and Gold re-linked by the operator to Trend Rider.
    await t.db.execute(
      sql`UPDATE strategies SET demo_trader = NULL WHERE demo_trader = 'bitcoin-reserve'`,
    );
    await t.db.execute(sql`UPDATE plans SET strategy_id =
      (SELECT id FROM strategies WHERE demo_trader = 'majors-basket') WHERE title = 'Platinum'`);
    await t.db.execute(sql`UPDATE plans SET strategy_id =
      (SELECT id FROM strategies WHERE demo_trader = 'trend-following') WHERE title = 'Gold'`);

    expect(await ensure()).toEqual({ created: 1 });
    expect(await links()).toEqual([
      ['Basic', 'majors-basket'],
      ['Silver', 'trend-following'],
      ['Gold', 'trend-following'],
      ['Platinum', 'bitcoin-reserve'],
    ]);
    expect(await ensure()).toEqual({ created: 0 });
  });
});
