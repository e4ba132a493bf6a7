import type {
  NavSeries,
  Strategy,
  StrategyOrders,
  StrategyRecord,
} from '@app/shared/schemas/strategies';
import { type StrategyTerms } from '@app/shared/schemas/lead-traders';
import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import { RETURN_WINDOW_DAYS, RETURN_WINDOWS, type ReturnWindow } from '@app/shared/return-windows';
import type { AppContext } from '../../../context';
import { traderDisplayNames } from '../../lead-traders';
import * as usersService from '../../users';
import { refusal } from '../../../http/errors';
import { DAY_MS, Dec, type InstrumentSymbol } from '../../market/domain';
import {
  PriceUnavailableError,
  positionFigures,
  strategyEquity,
  returnPcts,
  windowBoundaries,
  windowReturns,
  type WindowReturn,
  type PositionFigures,
  type StrategyState,
  dailyCloses,
  recordFigures,
} from '../domain';
import type { StrategyRow } from '../copy-trading.schema';
import * as repo from './strategies.repo';
import { minuteOf, type StrategyStates } from './strategy-states';
import * as recordRepo from './record.repo';
import * as copierRecordRepo from './copier-record.repo';
import { figuresAfterNavs, strategyFiguresOf } from './strategy-figures';

/**
 * Every tick: each strategy's NAV from its positions × the latest prices, from the states
 * `states` holds (read again only where they changed). A NAV that changed is kept on the strategy
 * and as the current minute's point (one point per minute); an unchanged one's point is written
 * once in the minute, the unchanged ones spread over the minute's ticks (strategy-states.ts). A
 * strategy whose instrument has no fresh price keeps its last NAV.
 * Returns the NAVs valued anew (states whose state or prices changed; any other NAV is unchanged,
 * states.navOf). The kept figures (strategy-figures.ts) are stated for the changed NAVs only.
 */
export async function refreshNavs(
  ctx: AppContext,
  states: StrategyStates,
  prices: ReadonlyMap<InstrumentSymbol, string>,
  now: Date,
): Promise<{ id: string; nav: Dec }[]> {
  const tick = await states.navsAt(ctx.db, prices, now.getTime());
  const { navs, writes } = tick;
  await repo.recordNavs(ctx.db, writes, now);
  const minute = minuteOf(now.getTime());
  // The figures of changed NAVs only (an unchanged NAV's point changes no figure), and of those
  // owed (a state read, a row the last step found locked or left for a later tick at the hour's
  // turn).
  const figures: { id: string; nav: Dec; minute: number }[] = writes.filter((w) => w.changed);
  if (states.figuresOwed.size > 0) {
    const stated = new Set(figures.map((w) => w.id));
    for (const n of navs)
      if (states.figuresOwed.has(n.id) && !stated.has(n.id)) figures.push({ ...n, minute });
  }
  // Owed until a step states them: a step that fails leaves them owed for the next tick.
  const left = await figuresAfterNavs(ctx, figures, now);
  for (const { id } of figures) states.figuresOwed.delete(id);
  for (const id of left) states.figuresOwed.add(id);
  states.written(tick);
  return navs;
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
  const points = await recordRepo.windowPoints(ctx.db, ids, now, windowBoundaries(now));
  return new Map(ids.map((id) => [id, windowReturns(points.get(id) ?? [], now)]));
}

/** One unit's equity at `prices` (its last NAV when a price is missing). */
export function unitEquityOf(
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
export function positionsOf(
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

/** A strategy as the lists show it, with what the directory adds (left out of the list's answer). */
type Summary = Strategy & {
  leadTraderId: string | null;
  returns: Record<ReturnWindow, string | null>;
};

export async function summarise(
  ctx: AppContext,
  list: { row: StrategyRow; state: StrategyState }[],
): Promise<Summary[]> {
  const now = ctx.clock.now().getTime();
  const prices = await ctx.prices.current(now);
  const kept = await strategyFiguresOf(
    ctx,
    list.map((s) => s.row.id),
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
    // Kept in strategy_figures (strategy-figures.ts): the same figures as the strategy's page.
    const figures = kept.get(row.id);
    const windows = figures?.returns ?? returnPcts(windowReturns([], now));
    const equity = unitEquityOf(state, row, prices);
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
      avgDailyReturnPct: figures?.avgDailyReturnPct ?? null,
      maxDrawdownPct: figures?.maxDrawdownPct ?? null,
      losingDays: figures?.losingDays ?? 0,
      copiers: figures?.copiers ?? 0,
      aumCents: Number(figures?.aumCents ?? 0n),
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
  const points = await recordRepo.navSeries(ctx.db, id, now - days * DAY_MS, 'hour');
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
    recordRepo.navSeries(ctx.db, id, now - RETURN_WINDOW_DAYS['30d'] * DAY_MS, 'day'),
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
 * began (read once: its daily closes are its days' last hourly points), the drawdown chart (each
 * day's deepest point), the lead trader's closes, and what its copies earned and the copying chart
 * as migration 0066 keeps them (never a read of every copy).
 */
export async function strategyRecord(ctx: AppContext, id: string): Promise<StrategyRecord> {
  const row = await repo.findStrategy(ctx.db, id);
  if (!row) throw refusal('STRATEGY_NOT_FOUND');
  const now = ctx.clock.now().getTime();
  const [hourly, fills, outcomes, copyingDays, windows, kept] = await Promise.all([
    recordRepo.navSeries(ctx.db, id, 0, 'hour'),
    recordRepo.closingFills(ctx.db, id),
    copierRecordRepo.keptOutcomes(ctx.db, id),
    copierRecordRepo.copyingDays(ctx.db, id),
    windowReturnsOf(ctx, [id], now),
    strategyFiguresOf(ctx, [id]),
  ]);
  const series = hourly.map((p) => ({ at: p.at.getTime(), nav: p.nav }));
  const daily = dailyCloses(series);
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
  // The record's drawdown and risk score as the lists state them (strategy_figures, as of their
  // last refresh); volatility and Sharpe over the whole days before that instant, as the score's.
  const stated = kept.get(id);
  const figures = recordFigures(
    { hourly: series, daily, fills, outcomes, copyingDays },
    now,
    stated?.asOf.getTime() ?? now,
  );
  return {
    strategyId: id,
    asOf: new Date(now).toISOString(),
    returns: returnPcts(returns),
    windowStarts,
    latestNav: latest ? point(latest) : null,
    navHistory: daily.map((p) => ({ at: new Date(p.at).toISOString(), nav: p.nav })),
    monthly: figures.monthly,
    maxDrawdownPct: stated?.recordMaxDrawdownPct ?? null,
    drawdown: figures.drawdown.map((p) => ({
      at: new Date(p.at).toISOString(),
      drawdownPct: p.drawdownPct,
    })),
    risk: {
      annualVolatilityPct: figures.volatility.annualVolatilityPct,
      sharpeRatio: figures.volatility.sharpeRatio,
      riskScore: stated?.riskScore ?? null,
      dailyReturnCount: figures.volatility.dailyReturnCount,
    },
    closedPositions: figures.closedPositions,
    copierOutcomes: figures.copierOutcomes,
    copying: figures.copying.map((p) => ({
      at: new Date(p.at).toISOString(),
      copiers: p.copiers,
      aumCents: Number(p.aumCents),
    })),
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
  const fills = await recordRepo.orderFills(ctx.db, id, before, query.limit + 1);
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
