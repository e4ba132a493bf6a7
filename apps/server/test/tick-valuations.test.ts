/**
 * A tick values only what changed (issue 43, strategy-states.ts): the strategies whose state was
 * read or one of whose instruments' prices changed (moved, appeared, went missing), found by an
 * index of the strategies by instrument. A quiet tick values none, and every NAV keeps its object;
 * a strategy's NAV as of the tick, and whether that tick valued it, is the states' navOf. The
 * states tell of each strategy they value (`valuing`): the tick's work, counted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { refreshNavs } from '../src/modules/copy-trading/strategies/record.service';
import { createStrategyStates } from '../src/modules/copy-trading/strategies/strategy-states';
import type { InstrumentSymbol } from '../src/modules/market/domain';
import { createTestApp, type TestApp } from './harness';
import { pricesAt } from './nav-tick-helpers';

/** The strategies the states valued since the count was last cleared. */
const valued: string[] = [];
const counted = (heldAcrossTicks: boolean) =>
  createStrategyStates({ heldAcrossTicks, valuing: (id) => valued.push(id) });

let t: TestApp;
/** Strategies holding BTC only, ETH only, and all cash. */
const ids = { btc: [] as string[], eth: [] as string[], cash: [] as string[] };

beforeAll(async () => {
  t = await createTestApp();
  for (const [kind, symbol, count] of [
    ['btc', 'BTCUSDT', 3],
    ['eth', 'ETHUSDT', 2],
    ['cash', null, 2],
  ] as const) {
    const { rows } = await t.db.execute<{ id: string }>(sql`
      INSERT INTO strategies (name, cash_per_unit, nav, nav_at)
      SELECT 'Valued ' || ${kind} || ' ' || n, ${symbol ? 0.5 : 1}, 1, now()
      FROM generate_series(1, ${count}::int) AS n RETURNING id::text`);
    ids[kind].push(...rows.map((r) => r.id));
    if (symbol) {
      await t.db.execute(sql`
        INSERT INTO strategy_positions (strategy_id, symbol, side, quantity_per_unit, entry_price)
        SELECT id, ${symbol}, 'long', 0.00001, 50000 FROM strategies
        WHERE name LIKE 'Valued ' || ${kind} || ' %'`);
    }
  }
});

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  valued.length = 0;
});

/** `pricesAt(0)` with BTC at `btc` (null: no BTC price, as when it went stale). */
function withBtc(btc: string | null): Map<InstrumentSymbol, string> {
  const prices = pricesAt(0);
  if (btc === null) prices.delete('BTCUSDT');
  else prices.set('BTCUSDT', btc);
  return prices;
}

describe('a tick values only the strategies whose prices or state changed', () => {
  it('quiet: none; a move: exactly its holders; a price missing, then back', async () => {
    const states = counted(true);
    const all = [...ids.btc, ...ids.eth, ...ids.cash];
    const start = Math.ceil(t.clock.now().getTime() / 60_000) * 60_000 + 3_600_000;
    const tick = (s: number, prices: Map<InstrumentSymbol, string>) =>
      refreshNavs(t.ctx, states, prices, new Date(start + s * 1000));

    // The first tick reads and values every strategy.
    const first = await tick(0, withBtc('60000.00'));
    expect(new Set(first.map((n) => n.id))).toEqual(new Set(all));
    expect(valued).toHaveLength(all.length);
    const held = new Map(all.map((id) => [id, states.navOf(id)?.nav]));

    // The same prices (a new map): nothing valued, every NAV the same object, valued at this tick.
    valued.length = 0;
    expect(await tick(1, withBtc('60000.00'))).toEqual([]);
    expect(valued).toEqual([]);
    for (const id of all) {
      expect(states.navOf(id)?.nav).toBe(held.get(id));
      expect(states.navOf(id)?.at).toBe(start + 1000);
    }

    // BTC moves: its three holders are valued, no one else.
    const moved = await tick(2, withBtc('70000.00'));
    expect(new Set(moved.map((n) => n.id))).toEqual(new Set(ids.btc));
    expect(new Set(valued)).toEqual(new Set(ids.btc));
    expect(valued).toHaveLength(ids.btc.length);
    expect(states.navOf(ids.btc[0]!)?.nav.toFixed()).toBe('1.2');
    for (const id of [...ids.eth, ...ids.cash]) expect(states.navOf(id)?.nav).toBe(held.get(id));

    // BTC's price goes missing: its holders are left out, their NAV the last tick's.
    valued.length = 0;
    expect(await tick(3, withBtc(null))).toEqual([]);
    for (const id of ids.btc) {
      expect(states.navOf(id)).toMatchObject({ at: start + 2000 });
      expect(states.navOf(id)?.nav.toFixed()).toBe('1.2');
    }
    for (const id of ids.eth) expect(states.navOf(id)?.at).toBe(start + 3000);
    // Still missing: nothing valued again.
    valued.length = 0;
    expect(await tick(4, withBtc(null))).toEqual([]);
    expect(valued).toEqual([]);
    expect(states.navOf(ids.btc[0]!)?.at).toBe(start + 2000);

    // Back, at another price: its holders are valued at it, and written.
    const back = await tick(5, withBtc('80000.00'));
    expect(new Set(back.map((n) => n.id))).toEqual(new Set(ids.btc));
    expect(new Set(valued)).toEqual(new Set(ids.btc));
    expect(valued).toHaveLength(ids.btc.length);
    expect(states.navOf(ids.btc[0]!)).toMatchObject({ at: start + 5000 });
    const { rows } = await t.db.execute<{ nav: string; nav_at: Date }>(
      sql`SELECT nav::text, nav_at FROM strategies WHERE id = ${ids.btc[0]!}`,
    );
    expect(rows[0]?.nav).toBe('1.3');
    expect(new Date(rows[0]!.nav_at).getTime()).toBe(start + 5000);
  });

  it('a strategy whose state was read is valued at that tick, whatever the prices', async () => {
    const states = counted(true);
    const start = Math.ceil(t.clock.now().getTime() / 60_000) * 60_000 + 7_200_000;
    await refreshNavs(t.ctx, states, withBtc('60000.00'), new Date(start));
    const [cash] = ids.cash;
    await t.db.execute(
      sql`UPDATE strategies SET cash_per_unit = cash_per_unit + 0.5 WHERE id = ${cash!}`,
    );
    valued.length = 0;
    const navs = await refreshNavs(t.ctx, states, withBtc('60000.00'), new Date(start + 1000));
    expect(navs.map((n) => [n.id, n.nav.toFixed()])).toEqual([[cash, '1.5']]);
    expect(valued).toEqual([cash]);
  });

  it("answers the last written tick's NAV, never a valuation whose tick was not written", async () => {
    const states = counted(true);
    const start = Math.ceil(t.clock.now().getTime() / 60_000) * 60_000 + 10_800_000;
    await refreshNavs(t.ctx, states, withBtc('60000.00'), new Date(start));
    const [btc] = ids.btc;
    expect(states.navOf(btc!)?.nav.toFixed()).toBe('1.1');
    // A tick values BTC's holders at a new price, then fails before its writes are in (its
    // `written` never comes): the scheduled closes must not close at a NAV the history lacks.
    const failed = await states.navsAt(t.ctx.db, withBtc('70000.00'), start + 1000);
    expect(failed.navs.find((n) => n.id === btc)?.nav.toFixed()).toBe('1.2');
    expect(states.navOf(btc!)).toMatchObject({ at: start });
    expect(states.navOf(btc!)?.nav.toFixed()).toBe('1.1');
    // The next tick at that price is written: its NAV is the one answered.
    await refreshNavs(t.ctx, states, withBtc('70000.00'), new Date(start + 2000));
    expect(states.navOf(btc!)).toMatchObject({ at: start + 2000 });
    expect(states.navOf(btc!)?.nav.toFixed()).toBe('1.2');
  });
});
