import type { DemoTraderId } from '@app/shared/schemas/strategies';
import type { AppContext } from '../../../context';
import { HOUR_MS, DAY_MS, Dec, type InstrumentSymbol } from '../../market/domain';
import { hourlyBars } from '../../market';
import type { MarketOptions } from '../../market';
import {
  DEMO_TRADERS,
  INITIAL_NAV,
  PriceUnavailableError,
  demoDecision,
  replayDemoTrader,
  unitsForAmount,
  type Bar,
  type DemoTrader,
  type NavPoint,
  type StrategyState,
} from '../domain';
import * as repo from './strategies.repo';
import { strategyPlans } from './strategy-plans';
import * as recordRepo from './record.repo';

/** Each demo strategy starts with $100,000 of the operator's own money, subscribed at NAV 1. */
export const DEMO_SEED_CAPITAL_CENTS = 10_000_000n;

type Options = Pick<MarketOptions, 'backfillDays' | 'warmupDays'>;

async function barsFor(
  ctx: AppContext,
  trader: DemoTrader,
  fromMs: number,
  now: number,
): Promise<Map<InstrumentSymbol, Bar[]>> {
  const bars = new Map<InstrumentSymbol, Bar[]>();
  for (const symbol of trader.symbols) bars.set(symbol, await hourlyBars(ctx, symbol, fromMs, now));
  return bars;
}

/**
 * The demo strategies, each replayed over the back-filled market history with the operator's seed
 * capital, so their NAV history (and every figure derived from it) is honest from the first
 * minute. At first start all of them are created; an install seeded by an earlier version gets the
 * ones added since (never when it has strategies but no demo ones: the operator runs their own).
 * Then, in the same transaction, the plans module links its seeded plans to them. Idempotent.
 */
export async function ensureDemoStrategies(
  ctx: AppContext,
  now: number,
  options: Options,
): Promise<{ created: number }> {
  if (!ctx.config.seedDemo) return { created: 0 };
  return ctx.db.transaction(async (tx) => {
    await repo.lockDemoSeeding(tx);
    const existing = await repo.strategyDemoTraders(tx);
    const idByTrader = new Map<DemoTraderId, string>();
    for (const row of existing) if (row.demoTrader) idByTrader.set(row.demoTrader, row.id);
    if (existing.length > 0 && idByTrader.size === 0) return { created: 0 };
    const from = now - options.backfillDays * DAY_MS;
    // The seed capital's first NAV is dated the last minute of the hour before `from`: a window's
    // return starts at the close of the last whole hour before its start (return-windows.ts).
    const begun = Math.floor(from / HOUR_MS) * HOUR_MS - 60_000;
    const created = new Set<DemoTraderId>();
    for (const trader of DEMO_TRADERS) {
      if (idByTrader.has(trader.id)) continue;
      const bars = await barsFor(ctx, trader, from - options.warmupDays * DAY_MS, now);
      const replay = replayDemoTrader({ trader, bars, from, to: now });
      const last = replay.navSeries.at(-1);
      // The operator's seed capital bought units at NAV 1 when the strategy started.
      const seedUnits = unitsForAmount(DEMO_SEED_CAPITAL_CENTS, '1');
      const row = await repo.insertStrategy(tx, {
        name: trader.name,
        description: trader.description,
        demoTrader: trader.id,
        seedCapitalCents: DEMO_SEED_CAPITAL_CENTS,
        seedUnits: seedUnits.toFixed(),
        cashPerUnit: replay.state.cash.toFixed(),
        nav: last ? new Dec(last.nav).toFixed() : '1',
        navAt: last ? new Date(last.at) : null,
        lastDecisionAt: last ? new Date(last.at) : null,
        createdAt: new Date(begun),
      });
      await repo.saveStrategyState(tx, {
        id: row.id,
        state: replay.state,
        fills: [],
        reason: 'demo',
        createdBy: null,
        now: new Date(now),
      });
      await recordRepo.insertNavSeries(tx, row.id, demoHistory(replay.navSeries, begun));
      // The replay's orders are the strategy's order log, as if it had run then: open books.
      await repo.insertPastFills(tx, row.id, replay.fills, 'demo');
      idByTrader.set(trader.id, row.id);
      created.add(trader.id);
    }
    await strategyPlans().demoStrategiesSeeded(tx, { strategyOf: idByTrader, created });
    return { created: created.size };
  });
}

/**
 * The NAV history a demo strategy starts with: the operator's seed capital bought units at NAV 1
 * when the strategy began (`begun`, its creation date, the last minute of the hour before the
 * back-fill's start) and sat in cash until the replay's first bar end, up to two hours later. That
 * first point is what makes the history reach back past the whole back-fill (30 days by default):
 * a fresh install has a 30-day return, the directory's default and the window a strategy's page
 * opens on (return-windows.ts), from its first minute.
 */
function demoHistory(replayed: readonly NavPoint[], begun: number): { at: number; nav: string }[] {
  const points = replayed.map((p) => ({ at: p.at, nav: new Dec(p.nav).toFixed() }));
  const first = points[0];
  return first && first.at > begun
    ? [{ at: begun, nav: INITIAL_NAV.toFixed() }, ...points]
    : points;
}

/**
 * Every hour (checked each minute): each demo strategy not paused and without a lead trader lets
 * its built-in trader decide on the hourly bars that have closed, and the demo desk fills the
 * orders at the current feed prices, scaled to the strategy's limits (as in the replay).
 */
export async function runDemoTraders(ctx: AppContext, now: number): Promise<number> {
  const barEnd = Math.floor(now / HOUR_MS) * HOUR_MS;
  let decided = 0;
  for (const row of await repo.demoStrategies(ctx.db)) {
    const trader = DEMO_TRADERS.find((t) => t.id === row.demoTrader);
    // A retired strategy takes no more orders from its built-in trader (the operator unwinds it).
    if (!trader || row.pausedAt || row.retiredAt) continue;
    if (row.lastDecisionAt && row.lastDecisionAt.getTime() >= barEnd) continue;
    const bars = await barsFor(ctx, trader, barEnd - (trader.lookbackBars + 2) * HOUR_MS, barEnd);
    const prices = await ctx.prices.current(now);
    await ctx.db.transaction(async (tx) => {
      const loaded = await repo.loadStrategyState(tx, row.id, { lock: true });
      if (!loaded || loaded.row.leadTraderId || loaded.row.pausedAt || loaded.row.retiredAt) {
        return;
      }
      if (loaded.row.lastDecisionAt && loaded.row.lastDecisionAt.getTime() >= barEnd) return;
      let result: {
        state: StrategyState;
        fills: Parameters<typeof repo.saveStrategyState>[1]['fills'];
      };
      try {
        result = demoDecision(trader, bars, loaded.state, barEnd, prices);
      } catch (error) {
        if (error instanceof PriceUnavailableError) return;
        throw error;
      }
      await repo.saveStrategyState(tx, {
        id: row.id,
        state: result.state,
        fills: result.fills,
        reason: 'demo',
        createdBy: null,
        now: new Date(now),
        extra: { lastDecisionAt: new Date(barEnd) },
      });
      decided += 1;
    });
  }
  return decided;
}
