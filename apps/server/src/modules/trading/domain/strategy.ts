import { Dec, type DecimalInput, type InstrumentSymbol } from '../../market/domain';
import { PriceUnavailableError } from './errors';
import { INITIAL_NAV, roundNav } from './precision';

export type PositionSide = 'long' | 'short';

/**
 * One open position of a strategy. A long was bought with cash; a short is carried against the
 * strategy's equity and adds only its profit or loss, qty × (entry − price).
 */
export interface Position {
  readonly symbol: InstrumentSymbol;
  readonly side: PositionSide;
  readonly quantity: Dec;
  readonly entryPrice: Dec;
}

/**
 * A strategy is a small fund: cash plus positions, divided into units. Cash is exact decimal USD
 * (fills at decimal prices make it finer than cents). Cash can dip below zero only when unrealised
 * short profits carry a long; equity, which is all the NAV uses, is exact either way.
 */
export interface StrategyState {
  readonly cash: Dec;
  readonly positions: readonly Position[];
  readonly unitsOutstanding: Dec;
}

/** Current market prices by symbol, exact decimal text or Decimal. */
export type PriceMap = ReadonlyMap<InstrumentSymbol, DecimalInput>;

export const EMPTY_STRATEGY: StrategyState = {
  cash: new Dec(0),
  positions: [],
  unitsOutstanding: new Dec(0),
};

export function priceOf(prices: PriceMap, symbol: InstrumentSymbol): Dec {
  const raw = prices.get(symbol);
  if (raw === undefined) throw new PriceUnavailableError(symbol);
  const price = new Dec(raw);
  if (!price.isFinite() || price.lte(0)) throw new PriceUnavailableError(symbol);
  return price;
}

/** What the position adds to equity: qty × price for a long, qty × (entry − price) for a short. */
export function positionValue(position: Position, price: Dec): Dec {
  return position.side === 'long'
    ? position.quantity.times(price)
    : position.quantity.times(position.entryPrice.minus(price));
}

/** Gross exposure (notional) of a position at a price, for weights: qty × price on either side. */
export function positionExposure(position: Position, price: Dec): Dec {
  return position.quantity.times(price);
}

/** Cash plus every position marked to market. Exact (no rounding). */
export function strategyEquity(
  cash: DecimalInput,
  positions: readonly Position[],
  prices: PriceMap,
): Dec {
  return positions.reduce(
    (equity, position) => equity.plus(positionValue(position, priceOf(prices, position.symbol))),
    new Dec(cash),
  );
}

/**
 * Equity per unit, 10 decimals rounded towards minus infinity. With no units outstanding (before
 * the first subscription, or after the last holder left) the NAV is the initial 1; sub-cent dust
 * left in such a strategy goes to its next subscriber.
 */
export function navPerUnit(equity: DecimalInput, unitsOutstanding: DecimalInput): Dec {
  const units = new Dec(unitsOutstanding);
  if (units.isZero()) return INITIAL_NAV;
  return roundNav(new Dec(equity).div(units));
}

export function strategyNav(state: StrategyState, prices: PriceMap): Dec {
  return navPerUnit(strategyEquity(state.cash, state.positions, prices), state.unitsOutstanding);
}

/** Sum of all positions' exposures divided by equity; 0 for a strategy without equity. */
export function grossWeight(state: StrategyState, prices: PriceMap): Dec {
  const equity = strategyEquity(state.cash, state.positions, prices);
  if (equity.lte(0)) return new Dec(0);
  return grossExposure(state.positions, prices).div(equity);
}

export function grossExposure(positions: readonly Position[], prices: PriceMap): Dec {
  return positions.reduce(
    (sum, position) => sum.plus(positionExposure(position, priceOf(prices, position.symbol))),
    new Dec(0),
  );
}
