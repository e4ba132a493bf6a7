import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { users } from '../src/db/schema';
import { placeTraderOrder } from '../src/modules/copy-trading/strategies/orders.service';
import { refreshNavs } from '../src/modules/copy-trading/strategies/record.service';
import { createStrategyStates } from '../src/modules/copy-trading/strategies/strategy-states';
import { createTestApp, adminClient, type TestApp } from './harness';
import {
  advance,
  type ScriptedTradingApp,
  silverWithLeadTrader,
  tickAt,
  useScriptedTradingApp,
} from './copy-trading-helpers';

/**
 * The tick holds strategy states in memory (issue 43, strategy-states.ts): it reads again only
 * what changed, whoever changed it, and writes a NAV only when it changed or for its minute's
 * point. On a scripted market (every instrument at its start price, the strategies all cash).
 */

let t: ScriptedTradingApp;
/** A second instance on the same database, without a tick of its own. */
let other: TestApp;
let strategyId: string;
let traderId: string;

useScriptedTradingApp((made) => (t = made));
beforeAll(async () => {
  const setup = await silverWithLeadTrader(t, await adminClient(t));
  strategyId = setup.strategyId;
  traderId = setup.trader.user.id;
  other = await createTestApp({}, { shareDatabaseWith: t });
});
afterAll(async () => {
  await other.close();
});

/** An order placed through the other instance's service, at the time the tick is at. */
async function orderOnOther(order: { symbol: 'BTCUSDT'; side: 'long'; targetWeight: string }) {
  other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime());
  const [trader] = await other.db.select().from(users).where(eq(users.id, traderId));
  if (!trader) throw new Error('no lead trader');
  await placeTraderOrder(other.ctx, trader, order);
}

async function strategy(id = strategyId) {
  const rows = await t.db.execute<{ nav: string; nav_at: Date }>(
    sql`SELECT nav::text, nav_at FROM strategies WHERE id = ${id}`,
  );
  const [row] = rows.rows;
  if (!row) throw new Error('no strategy');
  return { nav: row.nav, navAt: new Date(row.nav_at).getTime() };
}

/** Moves the clock to 5 s into the next minute and ticks there. */
async function tickIntoNextMinute(): Promise<void> {
  const now = t.clock.now().getTime();
  await advance(t, Math.ceil((now + 1) / 60_000) * 60_000 + 5_000 - now);
}

describe('the strategy states the tick holds', () => {
  it("values the next tick at an order placed on another instance, and at the position's close", async () => {
    await tickAt(t, { BTCUSDT: '100000.00' });
    await orderOnOther({ symbol: 'BTCUSDT', side: 'long', targetWeight: '100' });
    await tickAt(t, { BTCUSDT: '110000.00' });
    expect((await strategy()).nav).toBe('1.1');

    await orderOnOther({ symbol: 'BTCUSDT', side: 'long', targetWeight: '0' });
    await tickAt(t, { BTCUSDT: '90000.00' });
    expect((await strategy()).nav).toBe('1.1');
  });

  it('sees a change whose transaction began before a tick read and committed after it', async () => {
    await tickIntoNextMinute();
    const before = await strategy();
    const writer = new pg.Client({ connectionString: t.databaseUrl });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        'UPDATE strategies SET cash_per_unit = cash_per_unit + 0.5 WHERE id = $1',
        [strategyId],
      );
      // Read while the change is uncommitted: its NAV is unchanged, so nothing waits for its lock.
      await advance(t, 1_000);
      expect(await strategy()).toEqual(before);
      await writer.query('COMMIT');
    } finally {
      await writer.end();
    }
    await advance(t, 1_000);
    expect((await strategy()).nav).toBe('1.6');
  });

  it('writes an unchanged NAV once a minute, for its point, and a changed one at its tick', async () => {
    await tickIntoNextMinute();
    const minuteStart = Math.floor(t.clock.now().getTime() / 60_000) * 60_000;
    const written = t.clock.now().getTime();
    const points = async () => {
      const rows = await t.db.execute<{ n: string; all: string }>(sql`
        SELECT (SELECT count(*) FROM nav_snapshots WHERE at = ${new Date(minuteStart)}) AS n,
          (SELECT count(*) FROM strategies) AS all`);
      return rows.rows[0];
    };
    // The minute's first tick wrote every strategy's point and NAV time.
    const first = await points();
    expect(first?.n).toBe(first?.all);
    expect((await strategy()).navAt).toBe(written);

    // The same NAV later in the minute: not written again.
    await advance(t, 10_000);
    expect((await strategy()).navAt).toBe(written);

    // A NAV that changed is written at its tick (and the minute's point with it).
    await orderOnOther({ symbol: 'BTCUSDT', side: 'long', targetWeight: '50' });
    await tickAt(t, { BTCUSDT: '99000.00' });
    const moved = await strategy();
    expect(moved.navAt).toBe(t.clock.now().getTime());
    const point = await t.db.execute<{ nav: string }>(
      sql`SELECT nav::text FROM nav_snapshots WHERE strategy_id = ${strategyId}
          AND at = ${new Date(minuteStart)}`,
    );
    expect(point.rows[0]?.nav).toBe(moved.nav);

    // The next minute's first tick writes every strategy again.
    await tickIntoNextMinute();
    expect((await strategy()).navAt).toBe(t.clock.now().getTime());
  });

  it('switched off (PERFORMANCE_OFF=tick-states), every tick writes every NAV, as before', async () => {
    const states = createStrategyStates({ heldAcrossTicks: false });
    const prices = await t.ctx.prices.current(t.clock.now().getTime());
    const minute = Math.ceil(t.clock.now().getTime() / 60_000) * 60_000;
    for (const at of [minute + 5_000, minute + 6_000]) {
      await refreshNavs(t.ctx, states, prices, new Date(at));
      expect((await strategy()).navAt).toBe(at);
    }
  });
});
