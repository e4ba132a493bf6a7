/**
 * The unchanged NAVs' minute points spread over the minute's ticks (issue 43, strategy-states.ts):
 * more strategies than a tick writes unchanged points for, ticks few and irregular (one tick in a
 * minute, a minute without any), the prices of some strategies moving. The history must be exactly
 * the one of writing every strategy at every tick: one point per strategy per minute in which a
 * tick valued it, holding its NAV at that minute's last tick.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { refreshNavs } from '../src/modules/copy-trading/strategies/record.service';
import { createStrategyStates } from '../src/modules/copy-trading/strategies/strategy-states';
import { createTestApp, type TestApp } from './harness';
import { insertTickStrategies, pricesAt } from './nav-tick-helpers';

const STRATEGIES = 160;
const WITH_POSITIONS = 20;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertTickStrategies(t, {
    prefix: 'Spread',
    count: STRATEGIES,
    withPositions: WITH_POSITIONS,
  });
});

afterAll(async () => {
  await t.close();
});

async function pointsFrom(from: number) {
  const rows = await t.db.execute<{ strategy_id: string; at: Date; nav: string }>(sql`
    SELECT strategy_id::text, at, nav::text FROM nav_snapshots
    WHERE at >= ${new Date(from).toISOString()}::timestamptz`);
  return new Map(rows.rows.map((r) => [`${r.strategy_id} ${new Date(r.at).getTime()}`, r.nav]));
}

describe('the unchanged NAVs’ points, spread over the minute’s ticks', () => {
  it('are exactly the points of writing every strategy at every tick', async () => {
    const start = Math.ceil(t.clock.now().getTime() / 60_000) * 60_000 + 3_600_000;
    const minute = (m: number, s: number) => start + m * 60_000 + s * 1000;
    // [time, prices]: four ticks in minute 0 (two in one second), one in minute 1, none in
    // minute 2, two in minute 3, one in minute 4 and one in minute 5 (which only writes what
    // minute 4 ended without).
    const ticks: [number, number][] = [
      [minute(0, 0), 0],
      [minute(0, 20), 1],
      [minute(0, 20.5), 1],
      [minute(0, 40), 2],
      [minute(1, 0), 2],
      [minute(3, 30), 3],
      [minute(3, 31), 3],
      [minute(4, 0), 4],
      [minute(5, 0), 4],
    ];
    const states = createStrategyStates({ heldAcrossTicks: true });
    const expected = new Map<string, string>();
    const ids = (await t.db.execute<{ id: string }>(sql`SELECT id::text FROM strategies`)).rows;
    const all = ids.length;
    for (const [at, n] of ticks) {
      await refreshNavs(t.ctx, states, pricesAt(n), new Date(at));
      const m = Math.floor(at / 60_000) * 60_000;
      // Every strategy valued at this tick (the tick values anew only those whose prices moved).
      for (const { id } of ids) {
        const held = states.navOf(id);
        expect(held?.at).toBe(at);
        expected.set(`${id} ${m}`, held!.nav.toFixed());
      }
      // By its second s, a minute has the changed NAVs' points and max(50, all × (s + 1) / 50)
      // unchanged ones: not every strategy's at its first tick.
      const written = (await pointsFrom(start)).size;
      if (at === minute(0, 0)) expect(written).toBe(WITH_POSITIONS + 50);
      if (at === minute(0, 20.5)) expect(written).toBe(WITH_POSITIONS + Math.ceil((all * 21) / 50));
      if (at === minute(0, 40)) expect(written).toBe(WITH_POSITIONS + Math.ceil((all * 41) / 50));
    }
    // Minute 5's own points are still being spread; every earlier minute is complete.
    const points = await pointsFrom(start);
    for (const key of points.keys()) if (key.endsWith(` ${minute(5, 0)}`)) points.delete(key);
    for (const key of expected.keys()) if (key.endsWith(` ${minute(5, 0)}`)) expected.delete(key);
    expect(points.size).toBe(all * 4); // minutes 0, 1, 3 and 4
    expect(points).toEqual(expected);

    // The strategies' NAVs are their latest.
    const latest = await t.db.execute<{ id: string; nav: string }>(
      sql`SELECT id::text, nav::text FROM strategies`,
    );
    for (const row of latest.rows) expect(row.nav).toBe(expected.get(`${row.id} ${minute(4, 0)}`));
  });
});
