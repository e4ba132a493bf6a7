import { onlyReduces, type Holding } from '@app/shared/order-rules';
import {
  Dec,
  getInstrument,
  isInstrumentSymbol,
  type DecimalInput,
  type Instrument,
  type InstrumentSymbol,
} from '../../market/domain';
import {
  EquityNotPositiveError,
  InvalidWeightError,
  OrderChangesNothingError,
  OrderUnknownInstrumentError,
  WeightOver100Error,
} from './errors';
import {
  ENTRY_PRICE_DECIMALS,
  roundQuantityDown,
  roundWeightDown,
  toPercentText,
} from './precision';
import {
  grossExposure,
  positionExposure,
  priceOf,
  strategyEquity,
  weightPercent,
  type Position,
  type PositionSide,
  type PriceMap,
  type StrategyState,
} from './strategy';

/**
 * What a lead trader (or a demo trader) asks for: hold `targetWeight` of the strategy's equity in
 * `symbol` on `side`. A fraction from 0 to 1 ("0.25" = 25 %); 0 closes the position. Opening,
 * resizing and closing are the same order with different weights. There is no price field: the
 * fill price always comes from the server's market feed.
 */
export interface TargetWeightOrder {
  readonly symbol: string;
  readonly side: PositionSide;
  readonly targetWeight: DecimalInput;
}

/** One executed change of a position, for the strategy's fill history. */
export interface Fill {
  readonly symbol: InstrumentSymbol;
  readonly side: PositionSide;
  /** Positive when the position grew, negative when it shrank or closed. */
  readonly quantityDelta: Dec;
  readonly price: Dec;
  /** Profit or loss realised into cash by a reduction; 0 when the position grew. */
  readonly realisedPnl: Dec;
}

export interface OrderResult {
  readonly state: StrategyState;
  readonly fills: readonly Fill[];
}

/**
 * Moves one position to `quantity` at `price` without changing the strategy's equity (a fill at
 * the market price only swaps cash for exposure). Growing averages the entry price; shrinking
 * realises the profit or loss of the part sold.
 */
export function setPositionQuantity(
  state: StrategyState,
  symbol: InstrumentSymbol,
  side: PositionSide,
  quantity: Dec,
  price: Dec,
): OrderResult {
  const existing = state.positions.find((p) => p.symbol === symbol);
  if (existing && existing.side !== side) {
    throw new Error(`setPositionQuantity: ${symbol} is held ${existing.side}, not ${side}`);
  }
  const current = existing?.quantity ?? new Dec(0);
  const delta = quantity.minus(current);
  if (delta.isZero()) return { state, fills: [] };

  let cash = state.cash;
  let next: Position | null;
  let realisedPnl = new Dec(0);
  if (delta.gt(0)) {
    const exactCost = current.times(existing?.entryPrice ?? 0).plus(delta.times(price));
    const entryPrice = exactCost.div(quantity).toDecimalPlaces(ENTRY_PRICE_DECIMALS);
    if (side === 'long') {
      cash = cash.minus(delta.times(price));
    } else {
      // A short's value depends on its entry price, so the averaging residue goes to cash:
      // quantity × entryPrice − exactCost is exact, and equity stays exactly the same.
      cash = cash.minus(quantity.times(entryPrice).minus(exactCost));
    }
    next = { symbol, side, quantity, entryPrice };
  } else {
    const sold = delta.neg();
    const entryPrice = existing?.entryPrice ?? price;
    realisedPnl =
      side === 'long' ? sold.times(price.minus(entryPrice)) : sold.times(entryPrice.minus(price));
    cash = side === 'long' ? cash.plus(sold.times(price)) : cash.plus(realisedPnl);
    next = quantity.isZero() ? null : { symbol, side, quantity, entryPrice };
  }

  const positions = state.positions.filter((p) => p.symbol !== symbol);
  if (next) positions.push(next);
  positions.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  return {
    state: { ...state, cash, positions },
    fills: [{ symbol, side, quantityDelta: delta, price, realisedPnl }],
  };
}

/** The instrument an order names; one the market does not list is the order's refusal. */
function orderInstrument(symbol: string): Instrument {
  if (!isInstrumentSymbol(symbol)) throw new OrderUnknownInstrumentError(symbol);
  return getInstrument(symbol);
}

function parseWeight(raw: DecimalInput): Dec {
  let weight: Dec;
  try {
    weight = new Dec(raw);
  } catch {
    throw new InvalidWeightError();
  }
  if (!weight.isFinite() || weight.lt(0)) throw new InvalidWeightError();
  if (weight.gt(1)) throw new WeightOver100Error(toPercentText(weight.times(100)));
  return weight;
}

/**
 * The largest target weight an order for `symbol` (either side) may take now: the share of the
 * equity that the other positions' gross exposure leaves, at most 1, rounded down to
 * WEIGHT_DECIMALS; 0 when nothing is left or the equity is not positive. applyOrder refuses an
 * order that grows exposure above it, and the demo desk caps its orders at it, so the two cannot
 * disagree. Closing the other side of `symbol` first changes neither the equity nor the others'
 * exposure, so the answer holds for a side switch too.
 */
export function largestTargetWeight(
  state: StrategyState,
  symbol: InstrumentSymbol,
  prices: PriceMap,
): Dec {
  const equity = strategyEquity(state.cash, state.positions, prices);
  if (equity.lte(0)) return new Dec(0);
  const others = state.positions.filter((p) => p.symbol !== symbol);
  const room = equity.minus(grossExposure(others, prices));
  if (room.lte(0)) return new Dec(0);
  return Dec.min(1, roundWeightDown(room.div(equity)));
}

/**
 * Executes one target-weight order at the market price in `prices` (which must also hold a price
 * for every other open position, to value the strategy).
 *
 * - Unknown symbol: OrderUnknownInstrumentError (UNKNOWN_INSTRUMENT).
 * - Target quantity = weight × equity / price, rounded down to QUANTITY_DECIMALS.
 * - An order that grows exposure is refused with WeightOver100Error when its weight is above
 *   largestTargetWeight (the sum of all positions' exposures would exceed equity); orders that
 *   only shrink exposure always go through, so risk can always be reduced.
 * - Switching side closes the old position first (realising its P&L), then opens the new one;
 *   weight 0 on the side not held changes nothing.
 */
export function applyOrder(
  state: StrategyState,
  order: TargetWeightOrder,
  prices: PriceMap,
): OrderResult {
  const instrument = orderInstrument(order.symbol);
  const weight = parseWeight(order.targetWeight);
  const price = priceOf(prices, instrument.symbol);
  const fills: Fill[] = [];

  let current = state;
  const existing = current.positions.find((p) => p.symbol === instrument.symbol);
  // "Close the short" while holding a long has nothing to close: it must not touch the long.
  if (existing && existing.side !== order.side && weight.isZero()) return { state, fills: [] };
  if (existing && existing.side !== order.side) {
    const closed = setPositionQuantity(
      current,
      instrument.symbol,
      existing.side,
      new Dec(0),
      price,
    );
    current = closed.state;
    fills.push(...closed.fills);
  }

  const equity = strategyEquity(current.cash, current.positions, prices);
  if (weight.gt(0) && equity.lte(0)) throw new EquityNotPositiveError();
  const targetQuantity = weight.isZero()
    ? new Dec(0)
    : roundQuantityDown(weight.times(equity).div(price));

  const held = current.positions.find((p) => p.symbol === instrument.symbol);
  const heldQuantity = held?.quantity ?? new Dec(0);
  if (
    targetQuantity.gt(heldQuantity) &&
    weight.gt(largestTargetWeight(current, instrument.symbol, prices))
  ) {
    const others = current.positions.filter((p) => p.symbol !== instrument.symbol);
    const grossAfter = grossExposure(others, prices).plus(weight.times(equity));
    throw new WeightOver100Error(toPercentText(weightPercent(grossAfter, equity)));
  }

  const result = setPositionQuantity(current, instrument.symbol, order.side, targetQuantity, price);
  return { state: result.state, fills: [...fills, ...result.fills] };
}

/**
 * A lead trader's own order, as the desk means it: weight 0 closes the position held in the
 * instrument, whichever side it is (the side the form shows does not matter when closing), and an
 * order that would fill nothing (closing what is not held, or asking for the weight already held)
 * is refused with OrderChangesNothingError instead of succeeding silently. The demo desk keeps
 * applyOrder's plain semantics.
 */
export function applyTraderOrder(
  state: StrategyState,
  order: TargetWeightOrder,
  prices: PriceMap,
): OrderResult {
  const instrument = orderInstrument(order.symbol);
  const held = state.positions.find((p) => p.symbol === instrument.symbol);
  const closing = parseWeight(order.targetWeight).isZero();
  const side = closing && held ? held.side : order.side;
  const result = applyOrder(state, { ...order, side }, prices);
  if (result.fills.length === 0) throw new OrderChangesNothingError(instrument.symbol);
  return result;
}

/**
 * The orders of one decision in the order they execute: by the change of gross exposure each
 * makes, smallest first (a side switch first closes what it holds, so its change is the new
 * weight less the old one), so a rebalance (sell ETH, buy BTC; short ETH to long ETH, buy BTC)
 * never trips the 100 % limit halfway through. Every order is validated first, so a bad one
 * cannot leave half a decision applied.
 */
export function executionOrder(
  state: StrategyState,
  orders: readonly TargetWeightOrder[],
  prices: PriceMap,
): TargetWeightOrder[] {
  for (const order of orders) {
    orderInstrument(order.symbol);
    parseWeight(order.targetWeight);
  }
  const equity = strategyEquity(state.cash, state.positions, prices);
  const change = (order: TargetWeightOrder): Dec => {
    const held = state.positions.find((p) => p.symbol === order.symbol);
    const heldWeight =
      held && equity.gt(0)
        ? positionExposure(held, priceOf(prices, held.symbol)).div(equity)
        : new Dec(0);
    return new Dec(order.targetWeight).minus(heldWeight);
  };
  return orders
    .map((order, index) => ({ order, index, change: change(order) }))
    .sort((a, b) => a.change.comparedTo(b.change) || a.index - b.index)
    .map(({ order }) => order);
}

/** Executes several orders as one decision, in executionOrder. */
export function applyOrders(
  state: StrategyState,
  orders: readonly TargetWeightOrder[],
  prices: PriceMap,
): OrderResult {
  let current = state;
  const fills: Fill[] = [];
  for (const order of executionOrder(state, orders, prices)) {
    const result = applyOrder(current, order, prices);
    current = result.state;
    fills.push(...result.fills);
  }
  return { state: current, fills };
}

/** What `state` holds in `symbol`, per unit, for the shared order rules (null: nothing). */
function holdingOf(state: StrategyState, symbol: string): Holding | null {
  const position = state.positions.find((p) => p.symbol === symbol);
  return position ? { side: position.side, size: position.quantity.toString() } : null;
}

/**
 * Whether an executed order only shrank what the strategy holds in its instrument: the shared
 * rule (onlyReduces, the one the desk's form applies to weights) on the quantities per unit
 * before and after the fill. A side switch opens the other side, so it does not; an order that
 * changed nothing does not either. All a retired strategy may still do while copies are open.
 */
export function orderOnlyReduces(
  before: StrategyState,
  symbol: string,
  result: OrderResult,
): boolean {
  return onlyReduces(holdingOf(before, symbol), holdingOf(result.state, symbol));
}
