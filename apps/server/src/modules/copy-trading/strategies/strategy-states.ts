import type { DbOrTx } from '../../../db/client';
import type { Dec, InstrumentSymbol } from '../../market/domain';
import { PriceUnavailableError, strategyNav } from '../domain';
import * as repo from './strategies.repo';

/** A strategy's NAV at a tick. */
export interface StrategyNav {
  id: string;
  nav: Dec;
}

/** A NAV to write: the strategy's latest (its NAV and NAV time too), or only a past minute's point. */
export interface NavWrite extends StrategyNav {
  /** The minute (epoch ms) whose point it is. */
  minute: number;
  /** The strategy's NAV now: kept on the strategy with the tick's time as its NAV time. */
  latest: boolean;
  /** The NAV differs from the one held before (a figure can change; an unchanged point's cannot). */
  changed: boolean;
}

/**
 * Unchanged NAVs' points written in a minute by its second s: max(50, strategies × (s + 1) / 50),
 * oldest strategy first. A small platform writes them all at the minute's first tick, as it
 * always did; a large one spreads them over the minute's first fifty seconds, whatever the ticks'
 * pace (ticks faster than one a second add none within a second).
 */
const MIN_POINTS = 50;
const SPREAD_SECONDS = 50;

/** The minute (epoch ms) holding `at`: the time of its point. */
export function minuteOf(at: number): number {
  return Math.floor(at / 60_000) * 60_000;
}

/**
 * The strategy states the tick values, held in memory by the instance that ticks (issue 43): the
 * first tick reads every strategy, each later one only those whose cash or positions changed
 * since its last read — found by the transaction that changed them, whichever instance ran it
 * (migration 0060) — and values again only a strategy whose instruments' prices moved. So a
 * tick's reads and writes follow what changed, not what exists.
 *
 * It remembers what it wrote. A changed NAV is written at its tick, with the minute's point. The
 * history keeps one point per strategy per minute in which a tick valued it: the NAV at the
 * minute's last such tick. An unchanged NAV's point is therefore the NAV held, whenever in the
 * minute it is written: the unchanged points are spread over the minute's first fifty seconds
 * (SPREAD_SECONDS), and one a minute ended without (too few ticks) is written at the next tick,
 * for its minute, at the NAV held through it. So the points are exactly those of writing every
 * strategy at every tick (nav-points-spread.test.ts), and no tick writes every strategy — once
 * written: a reader may find an unchanged strategy's current minute without its point for up to
 * fifty seconds (its previous minute holds the same NAV), a late point one tick late. The write
 * of an unchanged point also refreshes its NAV time (the figures' "now", so still about once a
 * minute) and puts right, within the minute, a NAV another instance wrote while it led.
 *
 * Why points at all for an unchanged NAV (not only "the last NAV at or before t"): the readers
 * read buckets, not carried values — navSeries takes each hour's or day's last point since a
 * time (no point before it), the compaction keeps each hour's and day's last point, the cards'
 * days running read the NAV time, and the charts draw between points (a straight line across
 * hours of an unchanged NAV before a jump is not the record). Each of them would change.
 *
 * Bench (apps/server/test/tick-scale.test.ts: 10,000 strategies, 300 holding three instruments,
 * the prices moving every tick, a minute of one-second ticks; load 10-16, 2026-11-29/30): the
 * next minute's first tick, which wrote every strategy's point, 548-655 ms -> 54-117 ms, about
 * a median tick; the median tick 41-43 -> 46-82 ms (it writes the 300 changed NAVs and ~200
 * points; the load moved the every-tick way's median from 685-805 to 797-1219 ms meanwhile).
 * Switch: PERFORMANCE_OFF=tick-states (every tick reads, values and writes every strategy).
 */
export interface StrategyStates {
  /**
   * Every strategy's NAV at `prices` (oldest strategy first; one whose instrument has no price is
   * left out), and the NAVs to write at this tick, at `at` (epoch ms).
   */
  navsAt(
    db: DbOrTx,
    prices: ReadonlyMap<InstrumentSymbol, string>,
    at: number,
  ): Promise<{ navs: StrategyNav[]; writes: NavWrite[] }>;
  /** `navs` were valued in `minute`, and `writes` written: their NAVs are the ones held now. */
  written(navs: readonly StrategyNav[], writes: readonly NavWrite[], minute: number): void;
  /**
   * Strategies whose kept figures a tick is to state at their next NAV though it did not change:
   * each state read (the first tick's, every strategy: a NAV another instance wrote may not have
   * had its figures stated), and a row the figures step found locked (refreshNavs).
   */
  readonly figuresOwed: Set<string>;
}

interface Held extends repo.TickState {
  /** The minute (epoch ms) whose point this instance last wrote for it. */
  pointMinute: number | null;
  /** The last minute in which a tick valued it: its point is owed while `pointMinute` is older. */
  valuedMinute: number | null;
  /** The NAV held through `valuedMinute`, when its point is owed and the state was read since. */
  owedNav: Dec | null;
  /** Its last valuation: the prices of its instruments then, and the NAV they gave. */
  valued: { prices: string; nav: StrategyNav } | null;
}

export function createStrategyStates(options: { heldAcrossTicks: boolean }): StrategyStates {
  const held = new Map<string, Held>();
  const figuresOwed = new Set<string>();
  /** Unchanged NAVs' points planned in `spread.minute` so far. */
  const spread = { minute: -Infinity, planned: 0 };
  let snapshot: string | null = null;
  /** One read at a time, so an older read never lands after a newer one. */
  let reading: Promise<unknown> = Promise.resolve();

  async function read(db: DbOrTx, minute: number): Promise<void> {
    const found = await repo.tickStates(db, options.heldAcrossTicks ? snapshot : null);
    for (const state of found.states) {
      // Its NAV as read is the last one written, by this instance or another; a past minute's
      // point still owed keeps the NAV held through that minute.
      const before = held.get(state.id);
      const { pointMinute = null, valuedMinute = null } = before ?? {};
      const owedNav = before && owesBefore(before, minute) ? (before.owedNav ?? before.nav) : null;
      held.set(state.id, { ...state, pointMinute, valuedMinute, owedNav, valued: null });
      figuresOwed.add(state.id);
    }
    snapshot = found.snapshot;
  }

  /** A tick valued it in a minute before `minute` whose point is not written yet. */
  function owesBefore(one: Held, minute: number): one is Held & { valuedMinute: number } {
    return (
      one.valuedMinute !== null &&
      one.valuedMinute < minute &&
      (one.pointMinute ?? -Infinity) < one.valuedMinute
    );
  }

  /** Its NAV at `prices` (the one valued before, the same object, if its prices are the same). */
  function valued(one: Held, prices: ReadonlyMap<InstrumentSymbol, string>): StrategyNav | null {
    const at = one.state.positions.map((p) => prices.get(p.symbol) ?? '').join(' ');
    if (options.heldAcrossTicks && one.valued?.prices === at) return one.valued.nav;
    try {
      const nav = { id: one.id, nav: strategyNav(one.state, prices) };
      one.valued = { prices: at, nav };
      return nav;
    } catch (error) {
      if (!(error instanceof PriceUnavailableError)) throw error;
      return null;
    }
  }

  return {
    figuresOwed,
    async navsAt(db, prices, at) {
      const minute = minuteOf(at);
      const done = reading.then(() => read(db, minute));
      reading = done.catch(() => {});
      await done;
      if (spread.minute !== minute) Object.assign(spread, { minute, planned: 0 });
      const second = Math.floor((at - minute) / 1000);
      const due = Math.max(MIN_POINTS, Math.ceil((held.size * (second + 1)) / SPREAD_SECONDS));
      let unchangedPoints = Math.max(0, due - spread.planned);
      const navs: StrategyNav[] = [];
      const writes: NavWrite[] = [];
      for (const one of held.values()) {
        // The point a past minute ended without: the NAV held through it.
        if (owesBefore(one, minute)) {
          const nav = one.owedNav ?? one.nav;
          writes.push({ id: one.id, nav, minute: one.valuedMinute, latest: false, changed: false });
        }
        const entry = valued(one, prices);
        if (entry === null) continue;
        navs.push(entry);
        const { nav } = entry;
        const changed = one.nav !== nav && !one.nav.eq(nav);
        const point = !changed && one.pointMinute !== minute && unchangedPoints > 0;
        if (!options.heldAcrossTicks || changed || point)
          writes.push({ id: one.id, nav, minute, latest: true, changed });
        if (options.heldAcrossTicks && point) {
          unchangedPoints -= 1;
          spread.planned += 1;
        }
      }
      return { navs, writes };
    },
    written(navs, writes, minute) {
      for (const write of writes) {
        const one = held.get(write.id);
        if (!one) continue;
        if (write.latest) one.nav = write.nav;
        else one.owedNav = null;
        one.pointMinute = Math.max(one.pointMinute ?? -Infinity, write.minute);
      }
      for (const { id } of navs) {
        const one = held.get(id);
        if (one) one.valuedMinute = minute;
      }
    },
  };
}
