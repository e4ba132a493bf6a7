import {
  type StrategyRunBy,
  type StrategyStatus,
  type CurrentTrade,
  type TradeHistoryPage,
} from '@app/shared/schemas/trades';
import type { Book } from '@app/shared/schemas/kinds';
import type { AppContext } from '../../../context';
import { decodeCursor, keysetPage } from '../../../db/keyset';
import type { DbOrTx } from '../../../db/client';
import { refusal } from '../../../http/errors';
import { Dec } from '../../market/domain';
import * as strategiesRepo from '../strategies/strategy-state.service';
import {
  PriceUnavailableError,
  roiPct,
  lifeResult,
  strategyNav,
  tradeValueCents,
  type PriceMap,
  type StrategyState,
  type Trade,
} from '../domain';
import * as repo from './trades.repo';
import * as historyRepo from './history.repo';

export function toDomainTrade(row: repo.DomainTradeColumns): Trade {
  const units = new Dec(row.units);
  return {
    amountCents: row.amountCents,
    units,
    entryNav: new Dec(row.entryNav),
    // No lots stored: the one lot the trade opened with (migration 0030), its units the trade's.
    lots: row.lots
      ? row.lots.map((lot) => ({
          units: new Dec(lot.units),
          highWaterNav: new Dec(lot.highWaterNav),
        }))
      : [{ units, highWaterNav: new Dec(row.highWaterNav) }],
    openedAt: row.openedAt.getTime(),
    closesAt: row.closesAt.getTime(),
    stopLossPct: row.stopLossPct,
    takeProfitPct: row.takeProfitPct,
  };
}

/** Who runs a strategy: no lead trader means the built-in demo trader does. */
export function strategyRunByOf(row: { leadTraderId: string | null }): StrategyRunBy {
  return row.leadTraderId ? 'trader' : 'demo';
}

/** A strategy row's status as a copier's trade shows it. */
export function strategyStatusOf(row: {
  pausedAt: Date | null;
  retiredAt: Date | null;
}): StrategyStatus {
  return row.retiredAt ? 'retired' : row.pausedAt ? 'paused' : 'running';
}

export function currentView(
  row: repo.OpenTradeFacts['trade'],
  planTitle: string,
  strategyName: string,
  nav: Dec,
  strategyStatus: StrategyStatus,
  strategyRunBy: StrategyRunBy,
): CurrentTrade {
  const valueCents = tradeValueCents(row.units, nav);
  const profitCents = valueCents - row.amountCents;
  return {
    id: row.id,
    book: row.book,
    planId: row.planId,
    planTitle,
    strategyId: row.strategyId,
    strategyName,
    strategyStatus,
    strategyRunBy,
    amountCents: Number(row.amountCents),
    units: new Dec(row.units).toFixed(),
    entryNav: new Dec(row.entryNav).toFixed(),
    currentNav: nav.toFixed(),
    valueCents: Number(valueCents),
    profitCents: Number(profitCents),
    roiPct: roiPct(profitCents, row.amountCents),
    stopLossPct: row.stopLossPct,
    takeProfitPct: row.takeProfitPct,
    performanceFeePct: row.performanceFeePct,
    openedAt: row.openedAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
  };
}

/** The strategy's NAV at `prices` (the last stored NAV if a price is missing). */
function liveNav(loaded: { nav: string; state: StrategyState }, prices: PriceMap): Dec {
  try {
    return strategyNav(loaded.state, prices);
  } catch (error) {
    if (!(error instanceof PriceUnavailableError)) throw error;
    return new Dec(loaded.nav);
  }
}

/**
 * Open trades (as the dashboard's figures carry them) valued now, units × NAV at one set of
 * prices, in the order given.
 */
export async function valueOpenTrades(
  ctx: AppContext,
  json: readonly repo.OpenTradeFactsJson[],
): Promise<CurrentTrade[]> {
  if (json.length === 0) return [];
  const found = json.map(repo.toOpenTradeFacts);
  const prices = await ctx.prices.current(ctx.clock.now().getTime());
  return found.map((one) =>
    currentView(
      one.trade,
      one.planTitle,
      one.strategyName,
      liveNav(one.strategy, prices),
      one.strategyStatus,
      one.strategyRunBy,
    ),
  );
}

/**
 * The strategy's per-unit state and the prices to value a unit at. Not locked: a follower never
 * changes the strategy, and an order committing meanwhile is a fill at market price, which leaves
 * the NAV where it was. New money (a copy opening, funds added) reads it FOR KEY SHARE, so a
 * retirement in progress is waited for and seen (see StrategyLock).
 */
export async function stateWithPrices(
  tx: DbOrTx,
  ctx: AppContext,
  strategyId: string,
  now: number,
  lock: strategiesRepo.StrategyLock = false,
) {
  const loaded = await strategiesRepo.loadStrategyState(tx, strategyId, { lock });
  if (!loaded) return undefined;
  return { ...loaded, prices: await ctx.prices.current(now) };
}

type OpenTradeOfUser = Awaited<ReturnType<typeof repo.openTradesOfUser>>[number];

/** An open trade of the user's as they see it, valued at `prices` (units × the strategy's NAV). */
function openTradeValuedAt(one: OpenTradeOfUser, prices: PriceMap): CurrentTrade {
  return currentView(
    one.trade,
    one.planTitle,
    one.strategy.row.name,
    liveNav({ nav: one.strategy.row.nav, state: one.strategy.state }, prices),
    strategyStatusOf(one.strategy.row),
    strategyRunByOf(one.strategy.row),
  );
}

/**
 * The user's open trades in `book`, newest first, each valued now (units × NAV at one set of
 * prices).
 */
export async function openTrades(
  ctx: AppContext,
  userId: string,
  book: Book = 'real',
): Promise<CurrentTrade[]> {
  const found = await repo.openTradesOfUser(ctx.db, userId, book);
  if (found.length === 0) return [];
  const prices = await ctx.prices.current(ctx.clock.now().getTime());
  return found.map((one) => openTradeValuedAt(one, prices));
}

/** One open trade of the user's (by id, or the newest), valued now; null if there is none. */
export async function openTradeView(
  ctx: AppContext,
  userId: string,
  which: { id: string } | 'newest',
): Promise<CurrentTrade | null> {
  const one = await repo.openTradeOfUser(ctx.db, userId, which);
  if (!one) return null;
  const prices = await ctx.prices.current(ctx.clock.now().getTime());
  return openTradeValuedAt(one, prices);
}

/** The user's newest open trade (what /api/trades/current names), or null. */
export async function currentTrade(ctx: AppContext, userId: string): Promise<CurrentTrade | null> {
  return openTradeView(ctx, userId, 'newest');
}

/** Which of the user's trades a request means: one by id, or `current` (the newest open one). */
export type TradeRef = { id: string } | 'current';

export async function tradeIdOf(ctx: AppContext, userId: string, ref: TradeRef): Promise<string> {
  if (ref !== 'current') return ref.id;
  const newest = await repo.newestOpenTradeId(ctx.db, userId);
  if (!newest) throw refusal('NO_OPEN_TRADE');
  return newest;
}

/**
 * What a request on `ref` acts on, resolved in the request's transaction: runIdempotent's
 * `target`, so an Idempotency-Key sent to `current` is bound to the trade it closed or changed.
 */
export function tradeTarget(userId: string, ref: TradeRef) {
  return async (tx: DbOrTx): Promise<string | null> =>
    ref === 'current' ? ((await repo.newestOpenTradeId(tx, userId)) ?? null) : ref.id;
}

/** A user's closed trades, oldest close first, a keyset page at a time (for the trade history). */
export async function* closedTradePages(
  ctx: AppContext,
  userId: string,
  pageSize: number,
  book: Book = 'real',
): AsyncGenerator<historyRepo.ClosedTradeRecord[]> {
  let after: { cursorAt: string; id: string } | null = null;
  for (;;) {
    const page = await historyRepo.closedTradesPage(ctx.db, {
      userId,
      book,
      after,
      limit: pageSize,
    });
    if (page.length > 0) yield page;
    const last = page[page.length - 1];
    if (!last || page.length < pageSize) return;
    after = { cursorAt: last.cursorAt, id: last.id };
  }
}

/** GET /api/trades/history: the user's closed trades, newest close first, a keyset page at a time. */
export async function tradeHistory(
  ctx: AppContext,
  userId: string,
  query: { book?: Book; q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<TradeHistoryPage> {
  let after: { cursorAt: string; id: string } | null = null;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) throw refusal('INVALID_CURSOR', {}, 'cursor');
    after = { cursorAt: cursor.createdAt, id: cursor.id };
  }
  const rows = await historyRepo.closedTradesPage(ctx.db, {
    userId,
    book: query.book ?? 'real',
    after,
    limit: query.limit + 1,
    newestFirst: true,
    search: query.q || undefined,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => ({
    createdAt: row.cursorAt,
    id: row.id,
  }));
  return {
    trades: page.map((row) => {
      const result = lifeResult(row.amountCents, row.payoutCents);
      return {
        id: row.id,
        book: row.book,
        planTitle: row.planTitle,
        strategyName: row.strategyName,
        strategyRunBy: row.strategyRunBy,
        openedAt: row.openedAt.toISOString(),
        closedAt: row.closedAt.toISOString(),
        closeReason: row.closeReason,
        amountCents: Number(row.amountCents),
        openedCents: Number(row.openedCents),
        addedCents: Number(row.addedCents),
        payoutCents: Number(row.payoutCents),
        removedCents: Number(row.removedCents),
        claimedCents: Number(row.claimedCents),
        closePayoutCents: Number(row.closePayoutCents),
        feeCents: Number(row.feeCents),
        profitCents: Number(result.profitCents),
        roiPct: result.roiPct,
        transactionId: row.transactionId,
      };
    }),
    nextCursor,
  };
}
