/**
 * The NAV part of the market tick at platform scale (issue 43): 10,000 strategies, 300 of them
 * holding positions in several instruments, the rest all cash. Measures `refreshNavs` over ticks
 * one second apart over two minutes (the first tick, which reads every strategy, and the second
 * minute's first tick apart), the prices moving a little each tick. A measurement, not a check of
 * the suite: it runs only with TICK_SCALE=1
 * (`TICK_SCALE=1 npx vitest run --project server apps/server/test/tick-scale.test.ts`) and prints
 * its figures, the tick as it was (every strategy read, valued and written every tick: the
 * PERFORMANCE_OFF=tick-states way) beside the states held; bench/ holds the real phase (S-BENCH).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { refreshNavs } from '../src/modules/copy-trading/strategies/record.service';
import { createStrategyStates } from '../src/modules/copy-trading/strategies/strategy-states';
import { createTestApp, type TestApp } from './harness';
import { insertTickStrategies, pricesAt } from './nav-tick-helpers';

const STRATEGIES = 10_000;
const WITH_POSITIONS = 300;
/** Ticks per minute: a whole minute of one-second ticks held; fewer the old way (~1 s each). */
const TICKS = { held: 60, everyTick: 20 };

let t: TestApp;

beforeAll(async () => {
  if (!process.env.TICK_SCALE) return;
  t = await createTestApp();
  await insertTickStrategies(t, {
    prefix: 'Scale',
    count: STRATEGIES,
    withPositions: WITH_POSITIONS,
  });
});

afterAll(async () => {
  await t?.close();
});

describe.runIf(process.env.TICK_SCALE)('the NAV tick at 10,000 strategies', () => {
  it('refreshes every NAV, timed tick by tick, states held and read every tick', async () => {
    let minute = Math.ceil(t.clock.now().getTime() / 60_000) * 60_000;
    // Each way in turn on the same database and machine load, over its own minute:
    // reading and writing every strategy every tick (PERFORMANCE_OFF=tick-states), then held.
    for (const heldAcrossTicks of [false, true, false, true]) {
      const states = createStrategyStates({ heldAcrossTicks });
      // Two minutes of ticks one second apart: the first tick reads every strategy; the second
      // minute's first tick is the one that wrote every unchanged NAV's point.
      const times: number[][] = [];
      for (let m = 0; m < 2; m += 1) {
        const minuteTimes: number[] = [];
        const ticks = heldAcrossTicks ? TICKS.held : TICKS.everyTick;
        for (let n = 0; n < ticks; n += 1) {
          const started = performance.now();
          const at = new Date(minute + m * 60_000 + n * 1000);
          const navs = await refreshNavs(t.ctx, states, pricesAt(m * ticks + n), at);
          minuteTimes.push(performance.now() - started);
          // Every NAV each tick as before; held, those of the strategies whose prices moved.
          if (!heldAcrossTicks || m + n === 0)
            expect(navs).toHaveLength(STRATEGIES + (await seeded()));
        }
        times.push(minuteTimes);
      }
      minute += 120_000;
      const [[first, ...firstRest] = [], [next, ...nextRest] = []] = times;
      const sorted = [...firstRest, ...nextRest].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      console.log(
        `tick-scale ${heldAcrossTicks ? 'held' : 'every tick'}: ${STRATEGIES} strategies ` +
          `(${WITH_POSITIONS} with positions): first tick ${first?.toFixed(1)} ms; ` +
          `next minute's first tick ${next?.toFixed(1)} ms; then median ${median.toFixed(1)} ms, ` +
          `max ${sorted.at(-1)?.toFixed(1)} ms over ${sorted.length} ticks`,
      );
    }
  }, 600_000);
});

/** The seed's own strategies (the demo ones). */
async function seeded(): Promise<number> {
  const rows = await t.db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM strategies WHERE name NOT LIKE 'Scale %'`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}
