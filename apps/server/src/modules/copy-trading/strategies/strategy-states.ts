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
 * (migration 0060) — and values again only a strategy whose state was read or one of whose
 * instruments' prices changed (moved, appeared, or went stale), found through an index of the
 * strategies by instrument. So a tick's reads, valuations and writes follow what changed, not
 * what exists: a quiet tick values no strategy, and every strategy keeps its NAV object.
 *
 * It remembers what it wrote. A changed NAV is written at its tick, with the minute's point. The
 * history keeps one point per strategy per minute in which a tick valued it: the NAV at the
 * minute's last such tick. An unchanged NAV's point is therefore the NAV held, whenever in the
 * minute it is written: the unchanged points are spread over the minute's first fifty seconds
 * (SPREAD_SECONDS), by a cursor over the strategies oldest first, and one a minute ended without
 * (too few ticks: the cursor's rest, and those it passed while their prices were missing) is
 * written at the next tick, for its minute, at the NAV held through it. So the points are exactly
 * those of writing every strategy at every tick (nav-points-spread.test.ts), and no tick writes
 * or walks every strategy — once written: a reader may find an unchanged strategy's current
 * minute without its point for up to fifty seconds (its previous minute holds the same NAV), a
 * late point one tick late. The write of an unchanged point also refreshes its NAV time (the
 * figures' "now", so still about once a minute) and puts right, within the minute, a NAV another
 * instance wrote while it led.
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
 * Valuing only the strategies whose state or prices changed (tick-market-moves.test.ts, quiet:
 * no price moves, load ~5, 2026-11-30): navsAt's median at 10,000 strategies 16.7 -> 0.6 ms, at
 * 1,000 2.9 -> 0.4 ms; the tick's steps without the old check 26.5 -> 2.7 ms. Moving (every NAV
 * valued either way): navsAt's median at 10,000 140 -> 112 ms.
 * Switch: PERFORMANCE_OFF=tick-states (every tick reads, values and writes every strategy).
 */
export interface StrategyStates {
  /**
   * The NAVs valued anew at `prices` (those whose state was read, whose instruments' prices
   * changed since the last written tick, or whose figures are owed; one whose instrument has no
   * price is left out; any other strategy's NAV is unchanged), and the NAVs to write at this
   * tick, at `at` (epoch ms).
   */
  navsAt(db: DbOrTx, prices: ReadonlyMap<InstrumentSymbol, string>, at: number): Promise<TickNavs>;
  /** The tick's `writes` were written: its valuations and NAVs are the ones held now. */
  written(tick: TickNavs): void;
  /**
   * A strategy's NAV as of the last written tick, and the time (epoch ms) of the last written
   * tick that valued it — that tick's if all its prices were there; null: never valued.
   */
  navOf: (id: string) => { nav: Dec; at: number } | null;
  /**
   * Strategies whose kept figures a tick is to state at their next NAV though it did not change:
   * each state read (the first tick's, every strategy: a NAV another instance wrote may not have
   * had its figures stated), a row the figures step found locked, and one whose restatement at
   * the hour's turn the step left to a later tick (strategy-figures.ts HOUR_TURN_BATCH).
   */
  readonly figuresOwed: Set<string>;
}

/** One tick's valuation (navsAt), held to its `written`. */
export interface TickNavs {
  at: number;
  navs: StrategyNav[];
  writes: NavWrite[];
}

interface Held extends repo.TickState {
  /** The minute (epoch ms) whose point this instance last wrote for it. */
  pointMinute: number | null;
  /**
   * The last minute in which a tick valued it, while it is unpriced (a priced one's is the last
   * written tick's): its point is owed while `pointMinute` is older.
   */
  valuedMinute: number | null;
  /** The time of the last written tick that valued it, while it is unpriced. */
  pricedAt: number | null;
  /** The NAV held through `valuedMinute`, when its point is owed and the state was read since. */
  owedNav: Dec | null;
  /** Its last valuation: the prices of its instruments then, and the NAV they gave. */
  valued: { prices: string; nav: StrategyNav } | null;
}

/** The unchanged points of one minute: how many planned, the cursor, the strategies passed unpriced. */
interface Spread {
  minute: number;
  planned: number;
  /** The next strategy (index into `order`) whose point the minute has not considered. */
  cursor: number;
  /** Passed by the cursor while unpriced: owed at the minute's end if valued in it after all. */
  skipped: Set<string>;
}

/** What `written` takes on from its tick. */
interface Plan {
  prices: Map<InstrumentSymbol, string>;
  minute: number;
  /** Each strategy valued: its NAV, or null (a price missing). */
  valued: Map<string, StrategyNav | null>;
  spread: Spread;
  skipped: string[];
}

export function createStrategyStates(options: {
  heldAcrossTicks: boolean;
  /** Told of each strategy a tick values (tests count the tick's work by it). */
  valuing?: (id: string) => void;
}): StrategyStates {
  const held = new Map<string, Held>();
  /** Every strategy held, oldest first (as read): the order of the unchanged points. */
  const order: string[] = [];
  /** The strategies holding each instrument. */
  const holders = new Map<InstrumentSymbol, Set<string>>();
  /** Strategies not valued at the last written tick: a price missing, or never valued yet. */
  const unpriced = new Set<string>();
  /** Strategies read and not yet valued at a written tick. */
  const unvalued = new Set<string>();
  const figuresOwed = new Set<string>();
  /** The last written tick: its prices, time and minute. */
  let last: { prices: Map<InstrumentSymbol, string>; at: number; minute: number } | null = null;
  let spread: Spread = { minute: -Infinity, planned: 0, cursor: 0, skipped: new Set() };
  const plans = new WeakMap<TickNavs, Plan>();
  let snapshot: string | null = null;
  /** One read at a time, so an older read never lands after a newer one. */
  let reading: Promise<unknown> = Promise.resolve();

  async function read(db: DbOrTx, minute: number): Promise<void> {
    const found = await repo.tickStates(db, options.heldAcrossTicks ? snapshot : null);
    for (const state of found.states) {
      // Its NAV as read is the last one written, by this instance or another; a past minute's
      // point still owed keeps the NAV held through that minute.
      const before = held.get(state.id);
      if (before) {
        for (const p of before.state.positions) holders.get(p.symbol)?.delete(state.id);
      } else {
        order.push(state.id);
        unpriced.add(state.id);
      }
      for (const p of state.state.positions) {
        const of = holders.get(p.symbol);
        if (of) of.add(state.id);
        else holders.set(p.symbol, new Set([state.id]));
      }
      const owedNav = before && owesBefore(before, minute) ? (before.owedNav ?? before.nav) : null;
      held.set(state.id, {
        ...state,
        pointMinute: before?.pointMinute ?? null,
        valuedMinute: before ? valuedMinuteOf(before) : null,
        pricedAt: before ? pricedAtOf(before) : null,
        owedNav,
        valued: null,
      });
      unvalued.add(state.id);
      figuresOwed.add(state.id);
    }
    snapshot = found.snapshot;
  }

  function valuedMinuteOf(one: Held): number | null {
    return unpriced.has(one.id) ? one.valuedMinute : (last?.minute ?? null);
  }

  function pricedAtOf(one: Held): number | null {
    return unpriced.has(one.id) ? one.pricedAt : (last?.at ?? null);
  }

  /** A tick valued it in a minute before `minute` whose point is not written yet. */
  function owesBefore(one: Held, minute: number): boolean {
    const valuedMinute = valuedMinuteOf(one);
    return (
      valuedMinute !== null &&
      valuedMinute < minute &&
      (one.pointMinute ?? -Infinity) < valuedMinute
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

  /** The strategies to value at `prices`: read since, owed figures, holding a changed price. */
  function toValue(prices: ReadonlyMap<InstrumentSymbol, string>): Set<string> {
    const ids = new Set([...unvalued, ...figuresOwed]);
    const symbols = new Set([...prices.keys(), ...(last?.prices.keys() ?? [])]);
    for (const symbol of symbols) {
      if (prices.get(symbol) === last?.prices.get(symbol)) continue;
      for (const id of holders.get(symbol) ?? []) ids.add(id);
    }
    return ids;
  }

  return {
    figuresOwed,
    async navsAt(db, prices, at) {
      const minute = minuteOf(at);
      const done = reading.then(() => read(db, minute));
      reading = done.catch(() => {});
      await done;
      const navs: StrategyNav[] = [];
      const writes: NavWrite[] = [];
      // The points the last written tick's minute ended without: the NAV held through it.
      if (spread.minute !== minute) {
        for (const id of new Set([...order.slice(spread.cursor), ...spread.skipped])) {
          const one = held.get(id);
          if (!one || !owesBefore(one, minute)) continue;
          const nav = one.owedNav ?? one.nav;
          const owed = valuedMinuteOf(one) ?? minute;
          writes.push({ id, nav, minute: owed, latest: false, changed: false });
        }
      }
      const plan: Plan = {
        prices: new Map(prices),
        minute,
        valued: new Map(),
        spread:
          spread.minute === minute
            ? { ...spread }
            : { minute, planned: 0, cursor: 0, skipped: new Set() },
        skipped: [],
      };
      /** Written at this tick already (changed, or priced again): no unchanged point. */
      const writtenNow = new Set<string>();
      for (const id of toValue(prices)) {
        const one = held.get(id);
        if (!one) continue;
        options.valuing?.(id);
        const entry = valued(one, prices);
        plan.valued.set(id, entry);
        if (entry === null) continue;
        navs.push(entry);
        const { nav } = entry;
        const changed = one.nav !== nav && !one.nav.eq(nav);
        // Priced again after the cursor passed it: its point now (its NAV time fell behind).
        const returned = plan.spread.skipped.has(id) && one.pointMinute !== minute;
        if (!options.heldAcrossTicks || changed || returned) {
          writes.push({ id, nav, minute, latest: true, changed });
          writtenNow.add(id);
        }
      }
      if (options.heldAcrossTicks) {
        const second = Math.floor((at - minute) / 1000);
        const due = Math.max(MIN_POINTS, Math.ceil((held.size * (second + 1)) / SPREAD_SECONDS));
        let unchangedPoints = Math.max(0, due - plan.spread.planned);
        while (unchangedPoints > 0 && plan.spread.cursor < order.length) {
          const id = order[plan.spread.cursor++]!;
          const one = held.get(id);
          if (!one || writtenNow.has(id) || one.pointMinute === minute) continue;
          if (plan.valued.has(id) ? plan.valued.get(id) === null : unpriced.has(id)) {
            plan.skipped.push(id);
            continue;
          }
          writes.push({ id, nav: one.nav, minute, latest: true, changed: false });
          unchangedPoints -= 1;
          plan.spread.planned += 1;
        }
      }
      const tick = { at, navs, writes };
      plans.set(tick, plan);
      return tick;
    },
    written(tick) {
      const plan = plans.get(tick);
      if (!plan) return;
      for (const write of tick.writes) {
        const one = held.get(write.id);
        if (!one) continue;
        if (write.latest) one.nav = write.nav;
        else one.owedNav = null;
        one.pointMinute = Math.max(one.pointMinute ?? -Infinity, write.minute);
      }
      for (const [id, entry] of plan.valued) {
        unvalued.delete(id);
        const one = held.get(id);
        if (!one) continue;
        if (entry !== null) unpriced.delete(id);
        else if (!unpriced.has(id)) {
          // Priced until now: the last tick that valued it, while its prices are missing.
          one.valuedMinute = valuedMinuteOf(one);
          one.pricedAt = pricedAtOf(one);
          unpriced.add(id);
        }
      }
      for (const id of plan.skipped) plan.spread.skipped.add(id);
      spread = plan.spread;
      last = { prices: plan.prices, at: tick.at, minute: plan.minute };
    },
    navOf: (id) => {
      const one = held.get(id);
      if (!one) return null;
      const at = pricedAtOf(one);
      if (at === null) return null;
      // The NAV written (held since `written`), not `valued`: a tick that valued it may yet fail
      // to write, and a close must exit at a NAV the history holds.
      return { nav: one.nav, at };
    },
  };
}
