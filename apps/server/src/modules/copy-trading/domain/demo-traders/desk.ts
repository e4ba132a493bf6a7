import { Dec, getInstrument } from '../../../market/domain';
import {
  applyOrder,
  executionOrder,
  largestTargetWeight,
  type Fill,
  type OrderResult,
  type TargetWeightOrder,
} from '../orders';
import { roundWeightDown } from '../precision';
import { grossExposure, strategyEquity, type PriceMap, type StrategyState } from '../strategy';
import type { BarHistory } from './bars';
import type { DemoTrader } from './types';

/**
 * The demo desk: executes a demo trader's decision as a real desk would, never with an order the
 * strategy would refuse. A trader's weights are of the equity at the fill price, and the
 * positions its decision leaves alone have drifted with the market since they were set (a short
 * that ran against the strategy weighs more than it did), so a decision as asked may not fit
 * under the 100 % gross limit. The desk
 *  1. scales the decision's targets down together, by one factor, to the room the positions
 *     outside the decision leave (scaleToFit), and
 *  2. caps each order, in executionOrder, at largestTargetWeight for the state it meets: the
 *     very rule applyOrder refuses by (after step 1 only rounding could make it bite).
 * A decision that fits is executed exactly as decided. With no equity left, the cap is 0 for
 * every order: the desk can still close positions, never open one. A decision names each
 * instrument at most once (the traders' do).
 */
export function executeDecision(
  state: StrategyState,
  orders: readonly TargetWeightOrder[],
  prices: PriceMap,
): OrderResult {
  const opens = new Set(orders.filter((o) => new Dec(o.targetWeight).gt(0)).map((o) => o.symbol));
  let current = state;
  const fills: Fill[] = [];
  for (const order of executionOrder(state, scaleToFit(state, orders, prices), prices)) {
    const capped = capAtLimit(current, order, opens.has(order.symbol), prices);
    const result = applyOrder(current, capped, prices);
    current = result.state;
    fills.push(...result.fills);
  }
  return { state: current, fills };
}

/**
 * The decision's target weights scaled by one factor so that, with the exposure of the positions
 * it does not set, the gross weight after it is at most 100 %; unchanged when they already fit.
 * An order of weight 0 on the side not held sets nothing: that position counts as left alone.
 */
export function scaleToFit(
  state: StrategyState,
  orders: readonly TargetWeightOrder[],
  prices: PriceMap,
): TargetWeightOrder[] {
  if (orders.length === 0) return [];
  const equity = strategyEquity(state.cash, state.positions, prices);
  if (equity.lte(0)) return [...orders];
  const sets = (order: TargetWeightOrder) => {
    const held = state.positions.find((p) => p.symbol === order.symbol);
    return !(held && held.side !== order.side && new Dec(order.targetWeight).isZero());
  };
  const decided = new Set(orders.filter(sets).map((order) => order.symbol));
  const leftAlone = state.positions.filter((p) => !decided.has(p.symbol));
  const room = equity.minus(grossExposure(leftAlone, prices)).div(equity);
  const asked = orders.reduce((sum, order) => sum.plus(order.targetWeight), new Dec(0));
  if (asked.lte(room)) return [...orders];
  const factor = room.lte(0) ? new Dec(0) : room.div(asked);
  return orders.map((order) => ({
    ...order,
    targetWeight: roundWeightDown(new Dec(order.targetWeight).times(factor)).toFixed(),
  }));
}

/**
 * The order at most at largestTargetWeight. An order that asked for a position (`opens`) on the
 * side not held but gets no room at all still closes the side held: the trader no longer wants it.
 */
function capAtLimit(
  state: StrategyState,
  order: TargetWeightOrder,
  opens: boolean,
  prices: PriceMap,
): TargetWeightOrder {
  const { symbol } = getInstrument(order.symbol);
  const weight = Dec.min(order.targetWeight, largestTargetWeight(state, symbol, prices));
  const held = state.positions.find((p) => p.symbol === symbol);
  if (weight.isZero() && opens && held && held.side !== order.side) {
    return { symbol, side: held.side, targetWeight: '0' };
  }
  return weight.eq(order.targetWeight) ? order : { ...order, targetWeight: weight.toFixed() };
}

/**
 * One decision of a demo strategy, the same in the first start's replay and live every hour: the
 * trader decides on the bars closed by `now` and the desk executes at `prices`.
 */
export function demoDecision(
  trader: DemoTrader,
  bars: BarHistory,
  state: StrategyState,
  now: number,
  prices: PriceMap,
): OrderResult {
  return executeDecision(state, trader.decide(bars, state, now), prices);
}
