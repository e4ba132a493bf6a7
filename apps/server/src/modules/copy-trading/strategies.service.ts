import type {
  DemoTraderId,
  NavSeries,
  Strategy,
  StrategyDirectory,
  StrategyOrders,
  StrategyRecord,
  TraderOrderResult,
  TraderStrategy,
} from '@app/shared/schemas/strategies';
import type { NotificationEvent } from '@app/shared/schemas/notifications';
import type { PlanStrategyTerms } from '@app/shared/schemas/plans';
import {
  MAX_STRATEGIES_PER_TRADER,
  type StrategyTerms,
  type TraderDashboard,
  type TraderProgramme,
} from '@app/shared/schemas/lead-traders';
import { ENTRY_KINDS } from '@app/shared/schemas/kinds';
import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import { RETURN_WINDOW_DAYS, RETURN_WINDOWS, type ReturnWindow } from '@app/shared/return-windows';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { userCreditsByDay } from '../ledger/ledger.service';
import { traderFeeBounds } from '../settings/settings.service';
import { traderDisplayNames } from '../lead-traders/lead-traders.service';
import * as usersService from '../users/users.service';
import { refusal } from '../../http/errors';
import { refusedSelfDecision } from '../approvals/self-decision';
import { recordAudit } from '../audit/audit.service';
import { Dec, floorToCents, type InstrumentSymbol } from '../market/domain';
import { hourlyBars } from '../market/market.service';
import type { MarketOptions } from '../market/market.options';
import {
  DEMO_TRADERS,
  INITIAL_NAV,
  PriceUnavailableError,
  applyTraderOrder,
  demoDecision,
  orderOnlyReduces,
  positionFigures,
  replayDemoTrader,
  strategyEquity,
  strategyMetrics,
  strategyNav,
  returnPcts,
  windowPointInstants,
  windowReturns,
  type WindowReturn,
  unitsForAmount,
  type Bar,
  type DemoTrader,
  type Fill,
  type NavPoint,
  type PositionFigures,
  type StrategyMetrics,
  type StrategyState,
  closedPositions,
  copierOutcomes,
  copyingOverTime,
  dailyDeepestDrawdowns,
  drawdowns,
  feeWithinBounds,
  monthlyReturns,
  riskFigures,
} from './domain';
import type { StrategyRow } from './copy-trading.schema';
import * as repo from './strategies.repo';
import * as tradesRepo from './trades.repo';
import { strategyPlans } from './strategy-plans';
import { notifyAll, type Announce } from '../notifications/notifications.service';
import { requireLeadTraderInStanding } from '../lead-traders/lead-trader.standing';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

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
        createdAt: new Date(from),
      });
      await repo.saveStrategyState(tx, {
        id: row.id,
        state: replay.state,
        fills: [],
        reason: 'demo',
        createdBy: null,
        now: new Date(now),
      });
      await repo.insertNavSeries(tx, row.id, demoHistory(replay.navSeries, from));
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
 * when the strategy began (`from`, its creation date) and sat in cash until the replay's first bar
 * end, up to an hour later. That first point is what makes the history reach back the whole
 * back-fill (30 days by default): a fresh install has a 30-day return, the directory's default and
 * the window a strategy's page opens on (return-windows.ts), from its first minute.
 */
function demoHistory(replayed: readonly NavPoint[], from: number): { at: number; nav: string }[] {
  const points = replayed.map((p) => ({ at: p.at, nav: new Dec(p.nav).toFixed() }));
  const first = points[0];
  return first && first.at > from ? [{ at: from, nav: INITIAL_NAV.toFixed() }, ...points] : points;
}

/**
 * Every tick: each strategy's NAV from its positions × the latest prices; the latest NAV is kept
 * on the strategy and one point per minute goes to the series. A strategy whose instrument has
 * no fresh price keeps its last NAV.
 */
export async function refreshNavs(
  ctx: AppContext,
  prices: ReadonlyMap<InstrumentSymbol, string>,
  now: Date,
): Promise<{ id: string; nav: Dec }[]> {
  const all = await repo.loadAllStates(ctx.db);
  const navs: { id: string; nav: Dec }[] = [];
  for (const { row, state } of all) {
    try {
      navs.push({ id: row.id, nav: strategyNav(state, prices) });
    } catch (error) {
      if (!(error instanceof PriceUnavailableError)) throw error;
    }
  }
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await repo.recordNavs(ctx.db, navs, now, minute);
  return navs;
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

// Views ------------------------------------------------------------------------------------------

/**
 * The card's average daily return and drawdown over 30 days, from the stored series (hourly points
 * over 31 days) plus the latest NAV. Its 30-day return is windowReturnsOf's, as on every screen.
 */
async function metricsOf(ctx: AppContext, row: StrategyRow, now: number): Promise<StrategyMetrics> {
  const minute = Math.floor(now / 60_000);
  const navAt = row.navAt?.getTime() ?? 0;
  const cached = ctx.caches.strategyMetrics.get(row.id);
  if (cached && cached.minute === minute && cached.navAt === navAt) return cached.metrics;
  const series: NavPoint[] = (await repo.navSeries(ctx.db, row.id, now - 31 * DAY_MS, 'hour')).map(
    (p) => ({ at: p.at.getTime(), nav: p.nav }),
  );
  if (row.navAt && row.navAt.getTime() <= now)
    series.push({ at: row.navAt.getTime(), nav: row.nav });
  const metrics = strategyMetrics(series, now);
  ctx.caches.strategyMetrics.set(row.id, { minute, navAt, metrics });
  return metrics;
}

type WindowReturns = Record<ReturnWindow, WindowReturn | null>;

/**
 * Each strategy's return over every window at `now` (domain/window-returns.ts): the one source of
 * the landing's, the cards', the directory's and a strategy page's returns, so one strategy's
 * 30-day return is the same figure everywhere. Reads only the points the windows depend on.
 */
async function windowReturnsOf(
  ctx: AppContext,
  ids: readonly string[],
  now: number,
): Promise<Map<string, WindowReturns>> {
  const points = await repo.windowPoints(ctx.db, ids, now, windowPointInstants(now));
  return new Map(ids.map((id) => [id, windowReturns(points.get(id) ?? [], now)]));
}

/** One unit's equity at `prices` (its last NAV when a price is missing). */
function unitEquityOf(
  state: StrategyState,
  row: StrategyRow,
  prices: ReadonlyMap<InstrumentSymbol, string>,
): Dec {
  try {
    return strategyEquity(state.cash, state.positions, prices);
  } catch (error) {
    if (!(error instanceof PriceUnavailableError)) throw error;
    return new Dec(row.nav);
  }
}

/** The terms copiers see: allowed instruments, fee (null: the plan's), minimum and cap. */
export function termsOf(row: StrategyRow): StrategyTerms {
  return {
    instruments: (row.allowedInstruments ?? [...MARKET_SYMBOLS]).filter(
      (symbol): symbol is (typeof MARKET_SYMBOLS)[number] =>
        (MARKET_SYMBOLS as readonly string[]).includes(symbol),
    ),
    performanceFeePct: row.performanceFeePct,
    minCopyCents: Number(row.minCopyCents),
    maxCopiers: row.maxCopiers,
    retired: row.retiredAt !== null,
  };
}

/**
 * Every position of one unit of `state` marked at `prices`, at a size of `units` strategy units:
 * the one computation behind the public page's weights and the desk's figures.
 */
function positionsOf(
  state: StrategyState,
  unitEquity: Dec,
  prices: ReadonlyMap<InstrumentSymbol, string>,
  units: Dec,
): PositionFigures[] {
  return state.positions.map((p) => {
    const price = prices.get(p.symbol);
    return positionFigures(p, price ? new Dec(price) : null, unitEquity, units);
  });
}

/**
 * Assets under management means the copiers' money: the units of the open trades (not the
 * operator's seed units) valued at one unit's equity now.
 */
function copiedAssetsCents(unitEquity: Dec, copiedUnits: Dec): bigint {
  if (!unitEquity.gt(0) || !copiedUnits.gt(0)) return 0n;
  return floorToCents(unitEquity.times(copiedUnits));
}

/** A strategy as the lists show it, with what the directory adds (left out of the list's answer). */
type Summary = Strategy & {
  leadTraderId: string | null;
  returns: Record<ReturnWindow, string | null>;
};

async function summarise(
  ctx: AppContext,
  list: { row: StrategyRow; state: StrategyState }[],
): Promise<Summary[]> {
  const now = ctx.clock.now().getTime();
  const prices = await ctx.prices.current(now);
  const copied = await repo.copiedUnits(ctx.db);
  const returns = await windowReturnsOf(
    ctx,
    list.map((s) => s.row.id),
    now,
  );
  const traderIds = list.map((s) => s.row.leadTraderId).filter((id): id is string => id !== null);
  // The name a lead trader chose when applying; the account name for one appointed before.
  const [accountNames, displayNames] = await Promise.all([
    usersService.userNames(ctx, traderIds),
    traderDisplayNames(ctx, traderIds),
  ]);
  const names = new Map([...accountNames, ...displayNames]);
  const out: Summary[] = [];
  for (const { row, state } of list) {
    const metrics = await metricsOf(ctx, row, now);
    const windows = returnPcts(returns.get(row.id) ?? windowReturns([], now));
    const equity = unitEquityOf(state, row, prices);
    const copy = copied.get(row.id);
    out.push({
      id: row.id,
      name: row.name,
      description: row.description,
      runBy: row.leadTraderId ? 'trader' : 'demo',
      demoTrader: row.leadTraderId ? null : row.demoTrader,
      leadTraderId: row.leadTraderId,
      leadTraderName: row.leadTraderId ? (names.get(row.leadTraderId) ?? null) : null,
      nav: row.nav,
      navAt: row.navAt?.toISOString() ?? null,
      paused: row.pausedAt !== null,
      terms: termsOf(row),
      return30dPct: windows['30d'],
      returns: windows,
      avgDailyReturnPct: metrics.avgDailyReturnPct,
      maxDrawdownPct: metrics.maxDrawdownPct,
      losingDays: metrics.losingDays,
      copiers: copy?.copiers ?? 0,
      aumCents: Number(copiedAssetsCents(equity, copy?.units ?? new Dec(0))),
      positions: positionsOf(state, equity, prices, new Dec(0)).map((p) => ({
        symbol: p.symbol,
        side: p.side,
        weightPct: p.weightPct,
      })),
    });
  }
  return out;
}

export async function listStrategies(ctx: AppContext) {
  return summarise(ctx, await repo.loadAllStates(ctx.db));
}

export async function strategyNavSeries(
  ctx: AppContext,
  id: string,
  days: number,
): Promise<NavSeries> {
  const row = await repo.findStrategy(ctx.db, id);
  if (!row) throw refusal('STRATEGY_NOT_FOUND');
  const now = ctx.clock.now().getTime();
  const points = await repo.navSeries(ctx.db, id, now - days * DAY_MS, 'hour');
  return { strategyId: id, points: points.map((p) => ({ at: p.at.toISOString(), nav: p.nav })) };
}

/**
 * The card's small chart over its 30-day return's window: from the point that return is measured
 * from, through each day's last NAV, to the latest NAV, so the line rises or falls as the figure
 * beside it says. A record younger than the window draws the days it has.
 */
export async function dailyNavSeries(ctx: AppContext, id: string) {
  const now = ctx.clock.now().getTime();
  const [points, windows] = await Promise.all([
    repo.navSeries(ctx.db, id, now - RETURN_WINDOW_DAYS['30d'] * DAY_MS, 'day'),
    windowReturnsOf(ctx, [id], now),
  ]);
  const daily = points.map((p) => ({ at: p.at.getTime(), nav: p.nav }));
  const measured = windows.get(id)?.['30d'];
  const line = measured
    ? [
        { at: measured.start.at, nav: measured.start.nav.toFixed() },
        ...daily.filter((p) => p.at > measured.start.at && p.at < measured.end.at),
        { at: measured.end.at, nav: measured.end.nav.toFixed() },
      ]
    : daily;
  return line.map((p) => ({ at: new Date(p.at).toISOString(), nav: p.nav }));
}

/**
 * The strategy's whole record (docs/strategy-record.md): figures from its hourly NAV since it
 * began, the drawdown chart (each day's deepest point), the lead trader's closes and every copy.
 */
export async function strategyRecord(ctx: AppContext, id: string): Promise<StrategyRecord> {
  const row = await repo.findStrategy(ctx.db, id);
  if (!row) throw refusal('STRATEGY_NOT_FOUND');
  const now = ctx.clock.now().getTime();
  const [hourly, daily, fills, copies, windows] = await Promise.all([
    repo.navSeries(ctx.db, id, 0, 'hour'),
    repo.navSeries(ctx.db, id, 0, 'day'),
    repo.closingFills(ctx.db, id),
    repo.copiesOf(ctx.db, id),
    windowReturnsOf(ctx, [id], now),
  ]);
  const series = hourly.map((p) => ({ at: p.at.getTime(), nav: p.nav }));
  const dailySeries = daily.map((p) => ({ at: p.at.getTime(), nav: p.nav }));
  const returns = windows.get(id) ?? windowReturns([], now);
  const point = (p: { at: number; nav: Dec }) => ({
    at: new Date(p.at).toISOString(),
    nav: p.nav.toFixed(),
  });
  const windowStarts = {} as StrategyRecord['windowStarts'];
  for (const window of RETURN_WINDOWS) {
    const measured = returns[window];
    windowStarts[window] = measured ? point(measured.start) : null;
  }
  const latest = Object.values(returns).find((r) => r !== null)?.end;
  // Computed once, from the hourly NAV: the maximum and the chart come from the same points.
  const drawdown = drawdowns(series, now);
  return {
    strategyId: id,
    asOf: new Date(now).toISOString(),
    returns: returnPcts(returns),
    windowStarts,
    latestNav: latest ? point(latest) : null,
    navHistory: daily.map((p) => ({ at: p.at.toISOString(), nav: p.nav })),
    monthly: monthlyReturns(series, now),
    maxDrawdownPct: drawdown.maxDrawdownPct,
    drawdown: dailyDeepestDrawdowns(drawdown.series).map((p) => ({
      at: new Date(p.at).toISOString(),
      drawdownPct: p.drawdownPct,
    })),
    risk: riskFigures(series, now),
    closedPositions: closedPositions(fills),
    copierOutcomes: copierOutcomes(copies.opened, copies.closed),
    copying: copyingOverTime(copies.spans, dailySeries).map((p) => ({
      at: new Date(p.at).toISOString(),
      copiers: p.copiers,
      aumCents: Number(p.aumCents),
    })),
  };
}

/**
 * The directory: every strategy, running, paused or retired, with its record's headline figures
 * (the same functions as its page, the same returns as the cards) and the plans that copy it.
 */
export async function strategyDirectory(ctx: AppContext): Promise<StrategyDirectory> {
  const now = ctx.clock.now().getTime();
  const [list, series, planRows] = await Promise.all([
    listStrategies(ctx),
    repo.hourlySeriesOfAll(ctx.db),
    strategyPlans().links(ctx.db),
  ]);
  return {
    strategies: list.map(({ leadTraderId: _id, ...strategy }) => {
      const points = series.get(strategy.id) ?? [];
      const risk = riskFigures(points, now);
      return {
        ...strategy,
        startedAt: new Date(points[0]?.at ?? now).toISOString(),
        recordMaxDrawdownPct: drawdowns(points, now).maxDrawdownPct,
        riskScore: risk.riskScore,
        plans: planRows
          .filter((plan) => plan.strategyId === strategy.id)
          .map((plan) => ({ id: plan.id, title: plan.title })),
      };
    }),
  };
}

/** The order log, newest first, `limit` at a time (the books are open: every fill, for anyone). */
export async function strategyOrders(
  ctx: AppContext,
  id: string,
  query: { before?: string | undefined; limit: number },
): Promise<StrategyOrders> {
  const row = await repo.findStrategy(ctx.db, id);
  if (!row) throw refusal('STRATEGY_NOT_FOUND');
  const before = query.before === undefined ? undefined : BigInt(query.before);
  const fills = await repo.orderFills(ctx.db, id, before, query.limit + 1);
  const page = fills.slice(0, query.limit);
  return {
    orders: page.map((fill) => {
      const delta = new Dec(fill.quantityDelta);
      const reduce = delta.lt(0);
      return {
        id: fill.id,
        at: fill.at.toISOString(),
        symbol: fill.symbol,
        side: fill.side,
        change: reduce ? 'reduce' : 'increase',
        quantityPerUnit: fill.perUnit ? delta.abs().toFixed() : null,
        price: fill.price,
        realisedPnlPerUnit: reduce && fill.perUnit ? new Dec(fill.realisedPnl).toFixed() : null,
      };
    }),
    nextBefore: fills.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

// Lead trader ------------------------------------------------------------------------------------

async function strategyOfTrader(ctx: AppContext, user: UserRow): Promise<StrategyRow> {
  requireLeadTraderInStanding(user);
  const row = await repo.findStrategyByLeadTrader(ctx.db, user.id);
  if (!row) throw refusal('NO_STRATEGY_YET');
  return row;
}

export async function traderStrategy(ctx: AppContext, user: UserRow): Promise<TraderStrategy> {
  const row = await strategyOfTrader(ctx, user);
  const loaded = await repo.loadStrategyState(ctx.db, row.id, { lock: false });
  if (!loaded) throw refusal('NO_STRATEGY_YET');
  const [summary] = await summarise(ctx, [loaded]);
  if (!summary) throw refusal('NO_STRATEGY_YET');
  const { leadTraderId: _omit, ...strategy } = summary;
  const now = ctx.clock.now().getTime();
  const prices = await ctx.prices.current(now);
  const fills = await repo.recentFills(ctx.db, row.id, 20);
  // The desk shows the strategy per unit (what every copy holds for each unit: quantities and
  // weights, the same as the public page) and at its current size: every unit held (the
  // followers' open trades and the operator's seed units), which is 0 until someone copies it.
  const units = new Dec(row.seedUnits).plus(
    (await repo.copiedUnits(ctx.db)).get(row.id)?.units ?? 0,
  );
  const unitEquity = unitEquityOf(loaded.state, loaded.row, prices);
  return {
    strategy,
    cash: loaded.state.cash.times(units).toFixed(2, Dec.ROUND_FLOOR),
    equity: unitEquity.times(units).toFixed(2, Dec.ROUND_FLOOR),
    unitsOutstanding: units.toFixed(),
    positions: positionsOf(loaded.state, unitEquity, prices, units).map((p) => ({
      symbol: p.symbol,
      side: p.side,
      quantityPerUnit: p.quantityPerUnit.toFixed(),
      quantity: p.quantity.toFixed(),
      entryPrice: p.entryPrice.toFixed(),
      price: p.price?.toFixed() ?? '',
      weightPct: p.weightPct,
      valueCents: Number(p.valueCents),
      unrealisedPnl: p.unrealisedPnl,
    })),
    fills: fills.map((f) => ({
      symbol: f.symbol as InstrumentSymbol,
      side: f.side,
      quantityDelta: f.quantityDelta,
      perUnit: f.perUnit,
      price: f.price,
      realisedPnl: f.realisedPnl,
      reason: f.reason,
      at: f.createdAt.toISOString(),
    })),
  };
}

/**
 * A lead trader's order: target weight in percent ("25" = 25 % of equity), filled at the server's
 * current feed price. There is no way to send a price.
 */
export async function placeTraderOrder(
  ctx: AppContext,
  user: UserRow,
  input: { symbol: InstrumentSymbol; side: 'long' | 'short'; targetWeight: string },
): Promise<TraderOrderResult> {
  const row = await strategyOfTrader(ctx, user);
  const fills = await ctx.db.transaction(async (tx) => {
    const loaded = await repo.loadStrategyState(tx, row.id, { lock: true });
    if (!loaded || loaded.row.leadTraderId !== user.id) throw refusal('NO_STRATEGY_YET');
    if (loaded.row.pausedAt) throw refusal('STRATEGY_PAUSED');
    return executeOrder(ctx, tx, loaded, input, user.id);
  });
  const filled = fills.map((fill) => ({
    symbol: fill.symbol,
    side: fill.side,
    quantityDelta: fill.quantityDelta.toFixed(),
    price: fill.price.toFixed(),
  }));
  return { ...(await traderStrategy(ctx, user)), filled };
}

/**
 * One target-weight order on a locked strategy, filled at the feed's price now. Only the
 * instruments of the strategy's terms may be bought; any position may be closed. A retired
 * strategy takes only orders that reduce what it holds (ORDER_MUST_REDUCE): its copies stay open,
 * so it can be unwound, never grown or turned around.
 */
async function executeOrder(
  ctx: AppContext,
  tx: Tx,
  loaded: { row: StrategyRow; state: StrategyState },
  input: { symbol: InstrumentSymbol; side: 'long' | 'short'; targetWeight: string },
  actorId: string,
): Promise<readonly Fill[]> {
  const now = ctx.clock.now();
  const allowed = loaded.row.allowedInstruments;
  if (allowed && !allowed.includes(input.symbol) && new Dec(input.targetWeight).gt(0)) {
    throw refusal('INSTRUMENT_NOT_ALLOWED', { symbol: input.symbol }, 'symbol');
  }
  const prices = await ctx.prices.current(now.getTime());
  const result = applyTraderOrder(
    loaded.state,
    {
      symbol: input.symbol,
      side: input.side,
      targetWeight: new Dec(input.targetWeight).div(100),
    },
    prices,
  );
  if (loaded.row.retiredAt && !orderOnlyReduces(loaded.state, input.symbol, result)) {
    throw refusal('ORDER_MUST_REDUCE', { symbol: input.symbol }, 'targetWeight');
  }
  await repo.saveStrategyState(tx, {
    id: loaded.row.id,
    state: result.state,
    fills: result.fills,
    reason: 'order',
    createdBy: actorId,
    now,
  });
  return result.fills;
}

/**
 * Admin: unwinds a retired strategy, one order at a time, each only reducing a position
 * (ORDER_MUST_REDUCE otherwise): the operator who retired it can wind its positions down while
 * copies stay open, whether or not it has a lead trader (a demo strategy has none). A strategy
 * that is not retired is its trader's to run (STRATEGY_NOT_RETIRED). Audited.
 */
export async function adminUnwindOrder(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: { symbol: InstrumentSymbol; side: 'long' | 'short'; targetWeight: string },
  ip: string,
) {
  await ctx.db.transaction(async (tx) => {
    const loaded = await repo.loadStrategyState(tx, id, { lock: true });
    if (!loaded) throw refusal('STRATEGY_NOT_FOUND');
    if (!loaded.row.retiredAt) throw refusal('STRATEGY_NOT_RETIRED');
    await executeOrder(ctx, tx, loaded, input, admin.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'strategy.unwind_order',
      targetType: 'strategy',
      targetId: id,
      ip,
      details: { ...input },
    });
  });
  return adminStrategyView(ctx, id);
}

// Admin ------------------------------------------------------------------------------------------

export async function adminListStrategies(ctx: AppContext) {
  return { strategies: await listStrategies(ctx) };
}

async function adminStrategyView(ctx: AppContext, id: string) {
  const loaded = await repo.loadStrategyState(ctx.db, id, { lock: false });
  if (!loaded) throw refusal('STRATEGY_NOT_FOUND');
  const [view] = await summarise(ctx, [loaded]);
  if (!view) throw refusal('STRATEGY_NOT_FOUND');
  return { strategy: view };
}

/** Assigns (or removes) the lead trader; assigning grants the lead-trader role. Audited. */
export async function setLeadTrader(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  userId: string | null,
  ip: string,
) {
  // Running a strategy earns its performance fees: an admin never appoints themselves.
  if (userId === admin.id) {
    throw await refusedSelfDecision(ctx, admin.id, ip, 'strategy.lead_trader', 'strategy', id);
  }
  let announce: Announce = () => {};
  await ctx.db.transaction(async (tx) => {
    const loaded = await repo.loadStrategyState(tx, id, { lock: true });
    if (!loaded) throw refusal('STRATEGY_NOT_FOUND');
    // A retired strategy is handed over, never just taken away: to another lead trader, under
    // whom it runs again (its copies carry on, its plans sell again). The trader it was taken from
    // keeps it on their count (former_lead_trader_ids), so a hand-over frees nobody to start a
    // clean record.
    const retired = loaded.row.retiredAt !== null;
    if (retired && userId === null) throw refusal('STRATEGY_RETIRED', {}, 'userId');
    if (retired && userId === loaded.row.leadTraderId) {
      throw refusal('STRATEGY_HANDOVER_SAME_TRADER', {}, 'userId');
    }
    if (userId) {
      const user = await usersService.lockUserAsLeadTrader(tx, userId);
      if (!user) throw refusal('USER_NOT_FOUND', {}, 'userId');
      const other = await repo.findStrategyByLeadTrader(tx, userId);
      if (other && other.id !== id) {
        throw refusal('TRADER_HAS_STRATEGY', {}, 'userId');
      }
    }
    await repo.setLeadTrader(tx, id, userId);
    if (retired) await repo.handOver(tx, id, loaded.row.leadTraderId);
    if (loaded.row.leadTraderId !== userId) {
      announce = await notifyCopiers(ctx, tx, id, {
        type: 'lead_trader_changed',
        params: { strategyId: id, strategy: loaded.row.name },
      });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'strategy.lead_trader',
      targetType: 'strategy',
      targetId: id,
      ip,
      details: { from: loaded.row.leadTraderId, to: userId, handedOver: retired },
    });
  });
  announce();
  // Assigning may have given the user the lead-trader role: read afresh on their next request.
  if (userId) ctx.caches.sessions.forgetUser(userId);
  return adminStrategyView(ctx, id);
}

export async function setPaused(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  paused: boolean,
  ip: string,
) {
  const now = ctx.clock.now();
  let announce: Announce = () => {};
  await ctx.db.transaction(async (tx) => {
    const set = await repo.setPausedAt(tx, id, paused ? now : null);
    if (!set) throw refusal('STRATEGY_NOT_FOUND');
    if (set.changed) {
      announce = await notifyCopiers(ctx, tx, id, {
        type: paused ? 'strategy_paused' : 'strategy_resumed',
        params: { strategyId: id, strategy: set.name },
      });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: paused ? 'strategy.pause' : 'strategy.resume',
      targetType: 'strategy',
      targetId: id,
      ip,
    });
  });
  announce();
  return adminStrategyView(ctx, id);
}

/** Tells everyone copying the strategy now (its open trades' owners), in the caller's transaction. */
async function notifyCopiers(
  ctx: AppContext,
  tx: Tx,
  strategyId: string,
  event: Extract<
    NotificationEvent,
    { type: 'strategy_paused' | 'strategy_resumed' | 'lead_trader_changed' | 'strategy_retired' }
  >,
): Promise<Announce> {
  const copiers = await tradesRepo.copiersOf(tx, strategyId);
  return notifyAll(
    ctx,
    tx,
    copiers.map((userId) => ({ userId, ...event })),
  );
}

/** The terms a plan takes from the strategy it links to, or undefined when there is no such one. */
export async function strategyTermsForPlan(
  db: DbOrTx,
  id: string,
): Promise<PlanStrategyTerms | undefined> {
  const row = await repo.findStrategy(db, id);
  if (!row) return undefined;
  return {
    minCopyCents: Number(row.minCopyCents),
    performanceFeePct: row.performanceFeePct,
    retired: row.retiredAt !== null,
  };
}

// The lead-trader programme (issue 18) -----------------------------------------------------------

export interface StrategyTermsInput {
  name: string;
  description: string;
  instruments: InstrumentSymbol[];
  performanceFeePct: string;
  /** Minimum copy amount, cents. */
  minCopy: number;
  maxCopiers: number | null;
}

/** The fee as stored, or a refusal naming the operator's bounds (field performanceFeePct). */
async function boundedFee(db: DbOrTx, feePct: string): Promise<string> {
  const bounds = await traderFeeBounds(db);
  const fee = feeWithinBounds(feePct, bounds);
  if (fee === null) {
    throw refusal(
      'PERFORMANCE_FEE_OUTSIDE_BOUNDS',
      { minPct: bounds.feeMinPct, maxPct: bounds.feeMaxPct },
      'performanceFeePct',
    );
  }
  return fee;
}

/** What a lead trader may set, for their forms: the operator's fee bounds and fixed limits. */
export async function traderProgramme(ctx: AppContext): Promise<TraderProgramme> {
  return {
    ...(await traderFeeBounds(ctx.db)),
    maxStrategies: MAX_STRATEGIES_PER_TRADER,
    instruments: [...MARKET_SYMBOLS],
  };
}

/**
 * A lead trader's own strategy, created by the trader or by an admin for them: it starts at NAV 1
 * with nothing but cash, on the terms given (fee within the operator's bounds). At most
 * MAX_STRATEGIES_PER_TRADER per trader, retired ones included; the refusal names `userId` (the
 * user row is locked, so two requests cannot both pass; the database's unique index holds it too).
 * Audited. Returns the new strategy's id.
 */
async function createLeadStrategy(
  ctx: AppContext,
  actor: { id: string; ip: string },
  traderId: string,
  input: StrategyTermsInput,
): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const trader = await usersService.lockLiveUser(tx, traderId);
    if (!trader) throw refusal('USER_NOT_FOUND', {}, 'userId');
    // Only someone the programme approved (or an admin made a lead trader) runs a strategy.
    if (!trader.isTrader) throw refusal('NOT_A_LEAD_TRADER', {}, 'userId');
    // Retired strategies count: a trader cannot retire a record and start a clean one.
    if ((await repo.strategyCountOfTrader(tx, traderId)) >= MAX_STRATEGIES_PER_TRADER) {
      throw refusal('STRATEGY_LIMIT_REACHED', { max: MAX_STRATEGIES_PER_TRADER }, 'userId');
    }
    const fee = await boundedFee(tx, input.performanceFeePct);
    const row = await repo.insertStrategy(tx, {
      name: input.name,
      description: input.description,
      leadTraderId: traderId,
      allowedInstruments: input.instruments,
      performanceFeePct: fee,
      minCopyCents: BigInt(input.minCopy),
      maxCopiers: input.maxCopiers,
      cashPerUnit: '1',
      nav: '1',
      navAt: now,
      createdAt: now,
    });
    await repo.insertNavSeries(tx, row.id, [{ at: now.getTime(), nav: '1' }]);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'strategy.created',
      targetType: 'strategy',
      targetId: row.id,
      ip: actor.ip,
      details: {
        leadTraderId: traderId,
        performanceFeePct: fee,
        minCopyCents: String(input.minCopy),
        maxCopiers: input.maxCopiers,
        instruments: input.instruments,
      },
    });
    return row.id;
  });
}

/** POST /api/trader/strategy: the approved lead trader creates their own strategy. */
export async function createTraderStrategy(
  ctx: AppContext,
  user: UserRow,
  input: StrategyTermsInput,
  ip: string,
): Promise<TraderDashboard> {
  requireLeadTraderInStanding(user);
  await createLeadStrategy(ctx, { id: user.id, ip }, user.id, input);
  return traderDashboard(ctx, user);
}

/**
 * PATCH /api/trader/strategies/:id: the trader changes their terms; a new fee applies to copies
 * opened from now on (each open copy keeps the fee it opened with). Another trader's strategy is
 * "not found", so nobody learns which ids exist.
 */
export async function updateTraderStrategy(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: Partial<Omit<StrategyTermsInput, 'name'>>,
  ip: string,
): Promise<TraderDashboard> {
  requireLeadTraderInStanding(user);
  await ctx.db.transaction(async (tx) => {
    const loaded = await repo.loadStrategyState(tx, id, { lock: true });
    if (!loaded || loaded.row.leadTraderId !== user.id) throw refusal('STRATEGY_NOT_FOUND');
    if (loaded.row.retiredAt) throw refusal('STRATEGY_RETIRED');
    const fee =
      input.performanceFeePct === undefined
        ? undefined
        : await boundedFee(tx, input.performanceFeePct);
    const changes = {
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.instruments !== undefined ? { allowedInstruments: input.instruments } : {}),
      ...(fee !== undefined ? { performanceFeePct: fee } : {}),
      ...(input.minCopy !== undefined ? { minCopyCents: BigInt(input.minCopy) } : {}),
      ...(input.maxCopiers !== undefined ? { maxCopiers: input.maxCopiers } : {}),
    };
    if (Object.keys(changes).length === 0) throw refusal('NO_CHANGES');
    await repo.updateTerms(tx, id, changes);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'strategy.terms_changed',
      targetType: 'strategy',
      targetId: id,
      ip,
      details: {
        ...changes,
        ...(changes.minCopyCents !== undefined
          ? { minCopyCents: String(changes.minCopyCents) }
          : {}),
      },
    });
  });
  return traderDashboard(ctx, user);
}

/**
 * GET /api/trader/dashboard: aggregate figures about the copiers (how many, the money they have
 * in the strategy now — never who they are) and the performance fees the ledger credited to the
 * trader, per day.
 */
export async function traderDashboard(ctx: AppContext, user: UserRow): Promise<TraderDashboard> {
  const row = await strategyOfTrader(ctx, user);
  const loaded = await repo.loadStrategyState(ctx.db, row.id, { lock: false });
  if (!loaded) throw refusal('NO_STRATEGY_YET');
  const [summary] = await summarise(ctx, [loaded]);
  const fees = await userCreditsByDay(ctx.db, user.id, ENTRY_KINDS.tradeFee);
  return {
    strategyId: row.id,
    terms: termsOf(loaded.row),
    copiers: summary?.copiers ?? 0,
    aumCents: summary?.aumCents ?? 0,
    feesEarnedCents: Number(fees.reduce((sum, day) => sum + day.cents, 0n)),
    feesByDay: fees.map((day) => ({ day: day.day, feesCents: Number(day.cents) })),
  };
}

/**
 * POST /api/admin/strategies: an admin creates a strategy for an approved lead trader (one who holds
 * the role; anyone else is refused NOT_A_LEAD_TRADER on userId).
 */
export async function adminCreateStrategy(
  ctx: AppContext,
  admin: UserRow,
  input: StrategyTermsInput & { userId: string },
  ip: string,
) {
  // Running a strategy earns its performance fees: an admin never creates one for themselves.
  if (input.userId === admin.id) {
    throw await refusedSelfDecision(ctx, admin.id, ip, 'strategy.create', 'user', admin.id);
  }
  const id = await createLeadStrategy(ctx, { id: admin.id, ip }, input.userId, input);
  return adminStrategyView(ctx, id);
}

/**
 * The one place copiers of a retired strategy are alerted, in the retirement's own transaction:
 * each user with an open copy of it gets one strategy_retired alert (however many copies they
 * hold), e-mailed as their choices say. Their copies stay open — nothing is closed for them — and
 * each chooses whether to close. Returns what to announce once the transaction commits.
 */
export function alertCopiersOfRetirement(
  ctx: AppContext,
  tx: Tx,
  retirement: { strategyId: string; strategyName: string },
): Promise<Announce> {
  return notifyCopiers(ctx, tx, retirement.strategyId, {
    type: 'strategy_retired',
    params: { strategyId: retirement.strategyId, strategy: retirement.strategyName },
  });
}

/**
 * Admin: retires a strategy for good. It takes no new copies, and its positions may only be
 * reduced (ORDER_MUST_REDUCE); its open copies keep running at its NAV until their owners close
 * them, and the owners are alerted. Retiring twice changes nothing and alerts nobody again. Audited.
 */
export async function retireStrategy(ctx: AppContext, admin: UserRow, id: string, ip: string) {
  const now = ctx.clock.now();
  let announce: Announce = () => {};
  await ctx.db.transaction(async (tx) => {
    // FOR UPDATE: a copy opening now waits, then sees the strategy retired (and is refused); one
    // that opened first has committed, so its owner is among the copiers alerted.
    const loaded = await repo.loadStrategyState(tx, id, { lock: 'update' });
    if (!loaded) throw refusal('STRATEGY_NOT_FOUND');
    if (loaded.row.retiredAt) return;
    await repo.setRetiredAt(tx, id, now);
    announce = await alertCopiersOfRetirement(ctx, tx, {
      strategyId: id,
      strategyName: loaded.row.name,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'strategy.retire',
      targetType: 'strategy',
      targetId: id,
      ip,
      details: { openCopies: await repo.openCopyCount(tx, id) },
    });
  });
  announce();
  return adminStrategyView(ctx, id);
}
