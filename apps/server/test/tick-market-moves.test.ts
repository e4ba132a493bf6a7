/**
 * The tick at 1,000 and at 10,000 strategies (issue 43), every strategy holding BTC, ETH and SOL:
 * `moving`, the prices move every tick, so every NAV changes at every tick (the whole market
 * moves); `quiet`, the prices stay, so none does. Times each step over ticks one second apart:
 * valuing the NAVs (navsAt), writing them (recordNavs), stating their kept figures
 * (figuresAfterNavs), the scheduled closes as they are (offer: the NAVs that moved and the
 * strategies whose copies' rules changed) and, beside them, the check as it was (every NAV to
 * strategiesWithCrossedCopies). The ticks start TURN_AFTER seconds before an hour turns, so they
 * include the hour's first tick (every window's start moves) and the ticks after it, timed apart.
 * A measurement, not a check of the suite: it runs only with
 * TICK_SCALE=1 (`TICK_SCALE=1 npx vitest run --project server
 * apps/server/test/tick-market-moves.test.ts`; TICK_COUNTS, TICK_MODES, TICK_TICKS narrow it).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '../src/modules/market/domain';
import { recordNavs } from '../src/modules/copy-trading/strategies/strategies.repo';
import {
  figuresAfterNavs,
  refreshFigures,
} from '../src/modules/copy-trading/strategies/strategy-figures';
import { createStrategyStates } from '../src/modules/copy-trading/strategies/strategy-states';
import { strategiesWithCrossedCopies } from '../src/modules/copy-trading/copies/trades.repo';
import { createScheduledCloses } from '../src/modules/copy-trading/copies/scheduled-closes';
import { createAlertMails } from '../src/modules/notifications';
import { createTestApp } from './harness';
import { insertTickStrategies, pricesAt } from './nav-tick-helpers';

const TICKS = Number(process.env.TICK_TICKS ?? 30);
/** The hour's first tick is the tick of this number. */
const TURN_AFTER = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const COUNTS = (process.env.TICK_COUNTS ?? '1000,10000').split(',').map(Number);
const MODES = (process.env.TICK_MODES ?? 'moving,quiet').split(',');

describe.runIf(process.env.TICK_SCALE)('the tick when every NAV moves, and when none does', () => {
  for (const [count, mode] of COUNTS.flatMap((c) => MODES.map((m) => [c, m] as const))) {
    it(`at ${count} strategies, ${mode}`, async () => {
      const t = await createTestApp();
      try {
        await insertTickStrategies(t, { prefix: 'Move', count, withPositions: count });
        // Two years of history at the windows' resolution, so every window has a start (a tick's
        // NAV moves change a return's 2 decimals only now and then: few rows are written).
        const now = t.clock.now().getTime();
        for (const days of [800, 400, 100, 40, 10, 2]) {
          await t.db.execute(sql`
            INSERT INTO nav_snapshots (strategy_id, at, nav)
            SELECT id, ${new Date(Math.floor((now - days * DAY_MS) / HOUR_MS) * HOUR_MS).toISOString()}::timestamptz,
              0.9 + random() / 5
            FROM strategies WHERE name LIKE 'Move %'`);
        }
        const states = createStrategyStates({ heldAcrossTicks: true });
        const closes = createScheduledCloses(t.ctx, createAlertMails(t.ctx));
        const steps = {
          navs: [],
          write: [],
          figures: [],
          crossed: [],
          closes: [],
          all: [],
        } as Record<string, number[]>;
        const time = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
          const started = performance.now();
          const result = await work();
          steps[step]!.push(performance.now() - started);
          return result;
        };
        const turn = Math.ceil((now + 60_000) / HOUR_MS) * HOUR_MS;
        const start = turn - TURN_AFTER * 1000;
        // Every row stated for the hour before the turn, as the figures job leaves a running one.
        await refreshFigures(t.ctx, new Date(start));
        for (let n = 0; n < TICKS; n += 1) {
          const at = new Date(start + n * 1000);
          const began = performance.now();
          const tick = await time('navs', () =>
            states.navsAt(t.db, pricesAt(mode === 'quiet' ? 0 : n), at.getTime()),
          );
          const { navs, writes } = tick;
          await time('write', () => recordNavs(t.db, writes, at));
          const changed = writes.filter((w) => w.changed);
          const left = await time('figures', () => figuresAfterNavs(t.ctx, changed, at));
          // Stated, as refreshNavs does: no longer owed (the first tick read every state), but
          // those the step left (the hour's turn spread over ticks).
          for (const { id } of changed) states.figuresOwed.delete(id);
          for (const id of left) states.figuresOwed.add(id);
          states.written(tick);
          await time('crossed', () =>
            strategiesWithCrossedCopies(
              t.db,
              navs.map((one) => ({ strategyId: one.id, nav: one.nav.toFixed() })),
            ),
          );
          // The scheduled closes as they are: only the NAVs that moved and the changed rules.
          await time('closes', async () => {
            closes.offer({
              at,
              navs: navs.map((one) => ({ strategyId: one.id, nav: one.nav })),
              navOf: states.navOf,
            });
            await closes.settled();
          });
          steps.all!.push(performance.now() - began - steps.crossed!.at(-1)!);
          // Every strategy's NAV changes at every tick after the first (which reads them all).
          if (n > 0) expect(changed.length).toBe(mode === 'quiet' ? 0 : navs.length);
          // A quiet tick values none of them again.
          if (n > 0 && mode === 'quiet') expect(navs).toHaveLength(0);
        }
        // The first tick reads every state: left out.
        const figures = Object.entries(steps).map(
          ([step, ms]) =>
            `${step} min ${Math.min(...ms.slice(1)).toFixed(1)} median ${median(ms.slice(1)).toFixed(1)} max ${Math.max(...ms.slice(1)).toFixed(1)}`,
        );
        console.log(
          `tick-market-moves ${count} strategies, ${mode}: ${figures.join('; ')} ms ` +
            `(crossed: every NAV valued anew offered to the check, as before; all: without it); ` +
            `the first tick's figures (every strategy's points read for the hour) ${steps.figures![0]?.toFixed(1)} ms`,
        );
        const ms = (step: string, n: number) => steps[step]![n]?.toFixed(0);
        const after = Array.from({ length: TICKS - TURN_AFTER - 1 }, (_, i) => TURN_AFTER + 1 + i);
        console.log(
          `tick-market-moves ${count} strategies, ${mode}: the hour's first tick ` +
            `${ms('all', TURN_AFTER)} ms (figures ${ms('figures', TURN_AFTER)}); the ticks after it ` +
            `${after.map((n) => ms('all', n)).join(', ')} ms (figures ${after.map((n) => ms('figures', n)).join(', ')})`,
        );
      } finally {
        await t.close();
      }
    }, 900_000);
  }
});
