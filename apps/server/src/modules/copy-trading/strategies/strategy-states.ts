import type { DbOrTx } from '../../../db/client';
import type { Dec, InstrumentSymbol } from '../../market/domain';
import { PriceUnavailableError, strategyNav } from '../domain';
import * as repo from './strategies.repo';

/** A strategy's NAV at a tick. */
export interface StrategyNav {
  id: string;
  nav: Dec;
}

/**
 * The strategy states the tick values, held in memory by the instance that ticks (issue 43): the
 * first tick reads every strategy, each later one only those whose cash or positions changed
 * since its last read — found by the transaction that changed them, whichever instance ran it
 * (migration 0060) — and values again only a strategy whose instruments' prices moved. So a
 * tick's reads and writes follow what changed, not what exists.
 *
 * It remembers what it wrote: a NAV equal to the one held is not written again, except once a
 * minute for the minute's point (the history keeps one per strategy per minute) and with it the
 * NAV's time (the figures' "now"); that write also puts right, within the minute, a NAV another
 * instance wrote while it led.
 *
 * Bench (apps/server/test/tick-scale.test.ts: 10,000 strategies, 300 holding three instruments,
 * the prices moving every tick; both ways in one run on the shared 2-CPU machine at a load
 * average of ~14, 2026-11-29): refreshNavs' median tick 808-982 ms reading, valuing and writing
 * every strategy -> 46-61 ms held (the read of changes 1-11 ms, an index range; the valuation
 * loop ~30-45 ms; the 300 changed NAVs written ~33 ms). The minute's first tick, which writes
 * every strategy's point, stays at ~0.6-1.9 s either way. Switch: PERFORMANCE_OFF=tick-states
 * (every tick reads, values and writes every strategy, as before).
 */
export interface StrategyStates {
  /**
   * Every strategy's NAV at `prices` (oldest strategy first; one whose instrument has no price is
   * left out), and those of them to write for the minute starting at `minute` (epoch ms): changed
   * from the NAV held, or without their point in this minute yet.
   */
  navsAt(
    db: DbOrTx,
    prices: ReadonlyMap<InstrumentSymbol, string>,
    minute: number,
  ): Promise<{ navs: StrategyNav[]; writes: StrategyNav[] }>;
  /** `writes` were written for `minute`: they are the NAVs held now. */
  written(writes: readonly StrategyNav[], minute: number): void;
}

interface Held extends repo.TickState {
  /** The minute (epoch ms) whose point this instance last wrote for it. */
  pointMinute: number | null;
  /** Its last valuation: the prices of its instruments then, and the NAV they gave. */
  valued: { prices: string; nav: Dec } | null;
}

export function createStrategyStates(options: { heldAcrossTicks: boolean }): StrategyStates {
  const held = new Map<string, Held>();
  let snapshot: string | null = null;
  /** One read at a time, so an older read never lands after a newer one. */
  let reading: Promise<unknown> = Promise.resolve();

  async function read(db: DbOrTx): Promise<void> {
    const found = await repo.tickStates(db, options.heldAcrossTicks ? snapshot : null);
    for (const state of found.states) {
      // Its NAV as read is the last one written, by this instance or another.
      const pointMinute = held.get(state.id)?.pointMinute ?? null;
      held.set(state.id, { ...state, pointMinute, valued: null });
    }
    snapshot = found.snapshot;
  }

  function valued(one: Held, prices: ReadonlyMap<InstrumentSymbol, string>): Dec | null {
    const at = one.state.positions.map((p) => prices.get(p.symbol) ?? '').join(' ');
    if (options.heldAcrossTicks && one.valued?.prices === at) return one.valued.nav;
    try {
      const nav = strategyNav(one.state, prices);
      one.valued = { prices: at, nav };
      return nav;
    } catch (error) {
      if (!(error instanceof PriceUnavailableError)) throw error;
      return null;
    }
  }

  return {
    async navsAt(db, prices, minute) {
      const done = reading.then(() => read(db));
      reading = done.catch(() => {});
      await done;
      const navs: StrategyNav[] = [];
      const writes: StrategyNav[] = [];
      for (const one of held.values()) {
        const nav = valued(one, prices);
        if (nav === null) continue;
        navs.push({ id: one.id, nav });
        const due = one.pointMinute !== minute || (one.nav !== nav && !one.nav.eq(nav));
        if (due || !options.heldAcrossTicks) writes.push({ id: one.id, nav });
      }
      return { navs, writes };
    },
    written(writes, minute) {
      for (const { id, nav } of writes) {
        const one = held.get(id);
        if (!one) continue;
        one.nav = nav;
        one.pointMinute = minute;
      }
    },
  };
}
