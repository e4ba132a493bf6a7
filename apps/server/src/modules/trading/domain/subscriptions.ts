import {
  Dec,
  centsToDollars,
  floorToCents,
  getInstrument,
  type DecimalInput,
} from '../../market/domain';
import { InsufficientUnitsError, InvalidAmountError, NavNotPositiveError } from './errors';
import { setPositionQuantity, type Fill } from './orders';
import { roundQuantityDown, roundUnitsDown } from './precision';
import {
  priceOf,
  strategyEquity,
  strategyNav,
  type PriceMap,
  type StrategyState,
} from './strategy';

/**
 * Units bought by `amountCents` at `nav`: amount / NAV rounded DOWN to 8 decimals. Rounding down
 * means a subscriber never gets more than they paid for; the remainder (under 10^-8 of a unit)
 * stays in the strategy with the existing holders.
 */
export function unitsForAmount(amountCents: bigint, nav: DecimalInput): Dec {
  if (amountCents <= 0n) throw new InvalidAmountError();
  const price = new Dec(nav);
  if (price.lte(0)) throw new NavNotPositiveError();
  return roundUnitsDown(centsToDollars(amountCents).div(price));
}

/**
 * What `units` are worth in whole cents at `nav`: floor(units × NAV × 100), and never below 0.
 * Rule: the platform never pays out more than it holds, so fractions of a cent are always
 * rounded down (they stay in the strategy), and a follower's loss is limited to what they put in.
 * The same rule values an open trade, so "what you see" is exactly "what you get" on close.
 */
export function redeemValueCents(units: DecimalInput, nav: DecimalInput): bigint {
  const cents = floorToCents(new Dec(units).times(nav));
  return cents > 0n ? cents : 0n;
}

export interface SubscriptionResult {
  readonly state: StrategyState;
  readonly units: Dec;
  /** The NAV the units were priced at. */
  readonly nav: Dec;
  readonly fills: readonly Fill[];
}

/**
 * A follower's money joins the strategy: cash grows by the amount, units grow by
 * unitsForAmount(amount, NAV), and every position grows by the same fraction at the current
 * price, so the new money copies the lead trader's weights at once and every follower — old or
 * new — has the same exposure per unit. The NAV is not lowered: the fills are at market price
 * (equity-neutral) and units are rounded down, so it stays the same or rises by dust.
 */
export function subscribeToStrategy(
  state: StrategyState,
  amountCents: bigint,
  prices: PriceMap,
): SubscriptionResult {
  const nav = strategyNav(state, prices);
  const units = unitsForAmount(amountCents, nav);
  const equityBefore = strategyEquity(state.cash, state.positions, prices);
  let next: StrategyState = {
    ...state,
    cash: state.cash.plus(centsToDollars(amountCents)),
    unitsOutstanding: state.unitsOutstanding.plus(units),
  };
  const fills: Fill[] = [];
  if (equityBefore.gt(0)) {
    const growth = centsToDollars(amountCents).div(equityBefore);
    for (const position of state.positions) {
      const { quantityDecimals } = getInstrument(position.symbol);
      const extra = roundQuantityDown(position.quantity.times(growth), quantityDecimals);
      const result = setPositionQuantity(
        next,
        position.symbol,
        position.side,
        position.quantity.plus(extra),
        priceOf(prices, position.symbol),
      );
      next = result.state;
      fills.push(...result.fills);
    }
  }
  return { state: next, units, nav, fills };
}

export interface RedemptionResult {
  readonly state: StrategyState;
  readonly valueCents: bigint;
  readonly nav: Dec;
  readonly fills: readonly Fill[];
}

/**
 * A follower leaves with `units`: the strategy first sells the same fraction of every position at
 * the current price (quantities rounded down, so it sells a hair more, never less), then pays
 * redeemValueCents(units, NAV) out of cash. The remaining followers keep the lead trader's
 * weights, cash does not go negative because of a redemption, and the NAV is not lowered.
 */
export function redeemFromStrategy(
  state: StrategyState,
  units: DecimalInput,
  prices: PriceMap,
): RedemptionResult {
  const redeemed = new Dec(units);
  if (redeemed.lte(0)) throw new InvalidAmountError();
  if (redeemed.gt(state.unitsOutstanding)) throw new InsufficientUnitsError();
  const nav = strategyNav(state, prices);
  const valueCents = redeemValueCents(redeemed, nav);
  const remainingShare = state.unitsOutstanding.minus(redeemed).div(state.unitsOutstanding);

  let next = state;
  const fills: Fill[] = [];
  for (const position of state.positions) {
    const { quantityDecimals } = getInstrument(position.symbol);
    const result = setPositionQuantity(
      next,
      position.symbol,
      position.side,
      roundQuantityDown(position.quantity.times(remainingShare), quantityDecimals),
      priceOf(prices, position.symbol),
    );
    next = result.state;
    fills.push(...result.fills);
  }
  next = {
    ...next,
    cash: next.cash.minus(centsToDollars(valueCents)),
    unitsOutstanding: state.unitsOutstanding.minus(redeemed),
  };
  return { state: next, valueCents, nav, fills };
}
