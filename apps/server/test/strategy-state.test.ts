import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Dec } from '../src/modules/market/domain';
import * as repo from '../src/modules/copy-trading/strategies/strategies.repo';
import type { StrategyState } from '../src/modules/copy-trading/domain';
import { type TradingTestApp, useTradingApp } from './copy-trading-helpers';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import { adminClient, fundedInvestor } from './money-helpers';
import { someoneWaitsForALock } from './harness';

let t: TradingTestApp;
let strategyId: string;

useTradingApp((made) => (t = made));
beforeAll(async () => {
  const rows = await t.db.execute<{ id: string }>(
    sql`SELECT id FROM strategies WHERE demo_trader = 'majors-basket'`,
  );
  strategyId = rows.rows[0]!.id;
});

const text = (state: StrategyState) => ({
  cash: state.cash.toFixed(),
  positions: state.positions.map((p) => [
    p.symbol,
    p.side,
    p.quantity.toFixed(),
    p.entryPrice.toFixed(),
  ]),
});

async function load() {
  const loaded = await repo.loadStrategyState(t.db, strategyId, { lock: false });
  if (!loaded) throw new Error('strategy missing');
  return loaded;
}

/** The same state with its first position dropped and the second one doubled. */
function changed(state: StrategyState): StrategyState {
  const [, second, ...rest] = state.positions;
  if (!second) throw new Error('the test needs two positions');
  return {
    cash: state.cash.plus('0.015'),
    positions: [{ ...second, quantity: second.quantity.times(2) }, ...rest],
  };
}

describe('strategy state', () => {
  it('saves cash per unit, positions (closed ones deleted) and fills in one statement', async () => {
    const before = await load();
    const next = changed(before.state);
    const [first] = before.state.positions;
    await repo.saveStrategyState(t.db, {
      id: strategyId,
      state: next,
      fills: [
        {
          symbol: first!.symbol,
          side: first!.side,
          quantityDelta: first!.quantity.neg(),
          price: new Dec('101.25'),
          realisedPnl: new Dec('-0.5'),
        },
      ],
      reason: 'order',
      createdBy: null,
      now: t.clock.now(),
    });
    expect(text((await load()).state)).toEqual(text(next));
    const fills = await repo.recentFills(t.db, strategyId, 1);
    expect(fills.map((f) => [f.symbol, f.quantityDelta, f.price, f.realisedPnl, f.reason])).toEqual(
      [[first!.symbol, first!.quantity.neg().toFixed(), '101.25', '-0.5', 'order']],
    );

    // An empty state removes every position.
    await repo.saveStrategyState(t.db, {
      id: strategyId,
      state: { ...next, positions: [] },
      fills: [],
      reason: 'order',
      createdBy: null,
      now: t.clock.now(),
    });
    expect((await load()).state.positions).toEqual([]);
    await repo.saveStrategyState(t.db, {
      id: strategyId,
      state: before.state,
      fills: [],
      reason: 'order',
      createdBy: null,
      now: t.clock.now(),
    });
    expect(text((await load()).state)).toEqual(text(before.state));
  });

  it('a locking load that waited for another writer sees that writer’s positions', async () => {
    const before = await load();
    const next = changed(before.state);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const writer = t.db.transaction(async (tx) => {
      await repo.loadStrategyState(tx, strategyId, { lock: true });
      await repo.saveStrategyState(tx, {
        id: strategyId,
        state: next,
        fills: [],
        reason: 'order',
        createdBy: null,
        now: t.clock.now(),
      });
      locked();
      await held;
    });
    await isLocked;
    // The reader's statement (and snapshot) starts while the writer still holds the lock.
    const reader = t.db.transaction((tx) => repo.loadStrategyState(tx, strategyId, { lock: true }));
    await someoneWaitsForALock(t);
    release();
    await writer;
    const seen = await reader;
    expect(text(seen!.state)).toEqual(text(next));
  });

  it('records the latest NAV and the minute’s point, the point replaced within its minute', async () => {
    const minute = new Date(Math.floor(t.clock.now().getTime() / 60_000) * 60_000 + 3_600_000);
    const at = new Date(minute.getTime() + 5_000);
    const write = (nav: string, latest = true, at = minute) => ({
      id: strategyId,
      nav: new Dec(nav),
      minute: at.getTime(),
      latest,
    });
    await repo.recordNavs(t.db, [write('1.2345678901')], at);
    await repo.recordNavs(t.db, [write('1.5')], new Date(at.getTime() + 1_000));
    // A past minute's point only: the strategy's NAV and NAV time stay.
    const before = new Date(minute.getTime() - 60_000);
    await repo.recordNavs(t.db, [write('1.4', false, before)], new Date(at.getTime() + 2_000));
    const row = await repo.findStrategy(t.db, strategyId);
    expect([row?.nav, row?.navAt?.getTime()]).toEqual(['1.5', at.getTime() + 1_000]);
    const points = await t.db.execute<{ at: Date; nav: string }>(
      sql`SELECT at, nav::text FROM nav_snapshots
          WHERE strategy_id = ${strategyId} AND at >= ${before.toISOString()}::timestamptz
          ORDER BY at`,
    );
    expect(points.rows.map((p) => [new Date(p.at).getTime(), p.nav])).toEqual([
      [before.getTime(), '1.4'],
      [minute.getTime(), '1.5'],
    ]);
  });

  it('an invest and a close leave the strategy as it was: a trade is units alone', async () => {
    const { client } = await fundedInvestor(t, await adminClient(t), 200_000);
    const plans = (await client.get('/api/plans')).json<{
      plans: { id: string; title: string; strategy: { id: string } | null }[];
    }>().plans;
    const basic = plans.find((p) => p.strategy?.id === strategyId)!;
    const before = await load();
    const fillsBefore = (await repo.recentFills(t.db, strategyId, 100)).length;

    const opened = await client.post('/api/trades', { planId: basic.id, amount: '500' });
    expect(opened.statusCode).toBe(201);
    const trade = opened.json<{ trade: CurrentTrade }>().trade;
    // units = amount / NAV rounded down; the strategy's row and positions are untouched.
    expect(new Dec(trade.units).times(trade.entryNav).lte(500)).toBe(true);
    const invested = await load();
    expect(text(invested.state)).toEqual(text(before.state));
    expect(invested.row.cashPerUnit).toBe(before.row.cashPerUnit);

    expect((await client.post('/api/trades/current/close', {})).statusCode).toBe(200);
    const closed = await load();
    expect(text(closed.state)).toEqual(text(before.state));
    expect(await repo.recentFills(t.db, strategyId, 100)).toHaveLength(fillsBefore);
  });
});
