import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_WINDOW, RETURN_WINDOWS } from '@app/shared/return-windows';
import type { PublicPlan } from '@app/shared/schemas/plans';
import type {
  StrategyDirectory,
  StrategyList,
  StrategyOrders,
  StrategyRecord,
} from '@app/shared/schemas/strategies';
import { Dec } from '../src/modules/market/domain';
import {
  startCopyTrading,
  type CopyTrading,
} from '../src/modules/copy-trading/copy-trading.runtime';
import { createTestApp, TestClient, type TestApp } from './harness';
import { TEST_START } from './copy-trading-helpers';

/**
 * A fresh install as `npm start` makes it: the market back-filled for the configured days (30 by
 * default, not the 2 the other trading tests use) and the demo strategies replayed over them.
 */
let t: TestApp;
let trading: CopyTrading;
beforeAll(async () => {
  t = await createTestApp({}, { withdrawalFeePct: null });
  t.clock.advance(TEST_START - t.clock.now().getTime());
  expect(t.config.marketBackfillDays).toBe(30);
  trading = await startCopyTrading(t.ctx, null, { seed: 7 });
});
afterAll(async () => {
  await trading.close();
  await t.close();
});

const visitor = () => new TestClient(t.app);

async function figures() {
  const client = visitor();
  const [plans, list, directory] = await Promise.all([
    client.get('/api/plans').then((r) => r.json<{ plans: PublicPlan[] }>().plans),
    client.get('/api/strategies').then((r) => r.json<StrategyList>().strategies),
    client.get('/api/strategies/directory').then((r) => r.json<StrategyDirectory>().strategies),
  ]);
  return { plans, list, directory };
}

describe('one definition of a window’s return, on every screen', () => {
  it('a fresh install has a return over the directory’s default window for every demo strategy', async () => {
    const { directory } = await figures();
    expect(DEFAULT_RETURN_WINDOW).toBe('30d');
    expect(directory.filter((s) => s.runBy === 'demo')).toHaveLength(4);
    for (const strategy of directory) {
      expect(strategy.returns[DEFAULT_RETURN_WINDOW], strategy.name).toMatch(/^-?\d+\.\d{2}$/);
      // A strategy page opens on the same window: its record has the figure and where it starts.
      const record = (
        await visitor().get(`/api/strategies/${strategy.id}/record`)
      ).json<StrategyRecord>();
      expect(record.returns[DEFAULT_RETURN_WINDOW], strategy.name).not.toBeNull();
      expect(record.windowStarts[DEFAULT_RETURN_WINDOW], strategy.name).not.toBeNull();
    }
  });

  it('one strategy’s 30-day return is the same figure on the landing, /plans, the directory and its page, now and after the market moved', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { plans, list, directory } = await figures();
      for (const plan of plans) {
        const id = plan.strategy?.id ?? '';
        const record = (await visitor().get(`/api/strategies/${id}/record`)).json<StrategyRecord>();
        const entry = directory.find((s) => s.id === id);
        const listed = list.find((s) => s.id === id);
        // The landing's best strategy and the /plans card both read the plan's return30dPct.
        expect(plan.strategy?.return30dPct, plan.title).toBe(record.returns['30d']);
        expect(listed?.return30dPct, plan.title).toBe(record.returns['30d']);
        expect(entry?.returns, plan.title).toEqual(record.returns);
        expect(entry?.return30dPct, plan.title).toBe(record.returns['30d']);
        // The card's small chart runs over the same window: it rises or falls as the figure says.
        expect(plan.strategy?.navSeries?.[0], plan.title).toEqual(record.windowStarts['30d']);
        expect(plan.strategy?.navSeries?.at(-1), plan.title).toEqual(record.latestNav);
        // The chart of each window runs from the point its return is measured from to the
        // latest NAV: the line's change is the figure beside it.
        for (const window of RETURN_WINDOWS) {
          const start = record.windowStarts[window];
          const value = record.returns[window];
          expect(start === null, `${plan.title} ${window}`).toBe(value === null);
          if (!start || !record.latestNav) continue;
          const change = new Dec(record.latestNav.nav).div(start.nav).minus(1).times(100);
          expect(change.toFixed(2, Dec.ROUND_HALF_UP).replace(/^-0\.00$/, '0.00')).toBe(value);
        }
      }
      // Ten minutes of a moving market: the figures move, and still agree.
      for (let minute = 0; minute < 10; minute += 1) {
        t.clock.advance(60_000);
        await trading.tick(t.clock.now());
      }
    }
  });

  it('the order log is newest first by time, then by number, page after page', async () => {
    const { directory } = await figures();
    const id = directory[0]!.id;
    // A fill recorded after the others but dated before the newest (as a late write would be).
    await t.db.execute(sql`
      INSERT INTO strategy_fills
        (strategy_id, symbol, side, quantity_delta, price, realised_pnl, reason, created_at)
      SELECT strategy_id, symbol, side, quantity_delta, price, realised_pnl, reason,
        created_at - interval '90 minutes'
      FROM strategy_fills WHERE strategy_id = ${id} AND reason = 'demo'
      ORDER BY created_at DESC, id DESC LIMIT 1`);
    const seen: StrategyOrders['orders'] = [];
    let before = '';
    for (let page = 0; page < 4; page += 1) {
      const response = await visitor().get(
        `/api/strategies/${id}/orders?limit=5${before ? `&before=${before}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<StrategyOrders>();
      seen.push(...body.orders);
      if (!body.nextBefore) break;
      before = body.nextBefore;
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(new Set(seen.map((o) => o.id)).size).toBe(seen.length);
    const sorted = [...seen].sort(
      (a, b) => Date.parse(b.at) - Date.parse(a.at) || Number(BigInt(b.id) - BigInt(a.id)),
    );
    expect(seen.map((o) => o.id)).toEqual(sorted.map((o) => o.id));
  });
});
