import type { TraderOrderResult, TraderStrategy } from '@app/shared/schemas/strategies';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { recordAudit } from '../../audit';
import { Dec, type InstrumentSymbol } from '../../market/domain';
import { applyTraderOrder, orderOnlyReduces, type Fill, type StrategyState } from '../domain';
import type { StrategyRow } from '../copy-trading.schema';
import * as repo from './strategies.repo';
import { adminStrategyView } from './admin.service';
import { positionsOf, summarise, unitEquityOf } from './record.service';
import { strategyOfTrader } from './terms.service';
import * as figuresRepo from './strategy-figures.repo';

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
  const units = new Dec(row.seedUnits).plus(await figuresRepo.copiedUnitsOf(ctx.db, row.id));
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
