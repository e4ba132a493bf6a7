import { Dec, floorToCents, type DecimalInput, type InstrumentSymbol } from '../../market/domain';
import { PriceUnavailableError } from './errors';
import { INITIAL_NAV, roundNav, roundQuantityDown, toPercentText } from './precision';

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
 * A strategy is a portfolio per unit: what ONE unit holds in cash and in positions. Its NAV is
 * that unit's equity. Only orders (the lead trader's, or a demo trader's) change it; a follower's
 * trade is a number of units and never touches it, so any number of copiers can come and go at
 * once. Cash is exact decimal USD (fills at decimal prices make it finer than cents) and can dip
 * below zero only when unrealised short profits carry a long; equity is exact either way.
 */
export interface StrategyState {
  readonly cash: Dec;
  readonly positions: readonly Position[];
}

/** Current market prices by symbol, exact decimal text or Decimal. */
export type PriceMap = ReadonlyMap<InstrumentSymbol, DecimalInput>;

/** A new strategy: one unit holds one dollar of cash, so its NAV starts at 1. */
export const NEW_STRATEGY: StrategyState = { cash: INITIAL_NAV, positions: [] };

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

/**
 * A weight: `exposure` as a share of `equity`, in percent, exact; 0 when there is no equity. The
 * one definition behind every weight shown (the public page, the desk) and the order's 100 % check.
 */
export function weightPercent(exposure: Dec, equity: Dec): Dec {
  return equity.gt(0) ? exposure.div(equity).times(100) : new Dec(0);
}

/** One position as every screen shows it: per unit (what the strategy is) and at a size. */
export interface PositionFigures {
  readonly symbol: InstrumentSymbol;
  readonly side: PositionSide;
  /** Instrument units one strategy unit holds. */
  readonly quantityPerUnit: Dec;
  readonly entryPrice: Dec;
  /** The market price it is marked at; null when the feed has none (then weight and value 0). */
  readonly price: Dec | null;
  /** Exposure per unit / equity per unit, 2 decimals: the same at every size. */
  readonly weightPct: string;
  /** Instrument units held at `units` strategy units. */
  readonly quantity: Dec;
  /** Gross exposure (quantity × price) at `units`, in whole cents rounded down. */
  readonly valueCents: bigint;
  /** Unrealised profit or loss at `units`, 2 decimals (half up), negative for a loss. */
  readonly unrealisedPnl: string;
}

/**
 * The figures of `position` (held per unit) at `price`, for a strategy whose unit is worth
 * `unitEquity`, at a size of `units` strategy units (the money copying it). A weight is a ratio, so
 * it is computed per unit and does not depend on the size: a strategy nobody copies yet (0 units)
 * still holds 25 % in BTC.
 */
export function positionFigures(
  position: Position,
  price: Dec | null,
  unitEquity: Dec,
  units: Dec,
): PositionFigures {
  const quantity = position.quantity.times(units);
  const pnlPerUnit =
    price === null
      ? new Dec(0)
      : position.side === 'long'
        ? position.quantity.times(price.minus(position.entryPrice))
        : position.quantity.times(position.entryPrice.minus(price));
  const pnl = pnlPerUnit.times(units).toFixed(2, Dec.ROUND_HALF_UP);
  return {
    symbol: position.symbol,
    side: position.side,
    quantityPerUnit: position.quantity,
    entryPrice: position.entryPrice,
    price,
    weightPct:
      price === null
        ? '0.00'
        : toPercentText(weightPercent(positionExposure(position, price), unitEquity)),
    quantity,
    valueCents: price === null ? 0n : floorToCents(quantity.times(price)),
    unrealisedPnl: pnl === '-0.00' ? '0.00' : pnl,
  };
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

/** The NAV per unit: the unit's equity, 10 decimals rounded towards minus infinity. */
export function strategyNav(state: StrategyState, prices: PriceMap): Dec {
  return roundNav(strategyEquity(state.cash, state.positions, prices));
}

/** A pooled fund (cash and positions shared by `units`) as what one of its units holds. */
export interface PooledStrategy {
  readonly cash: DecimalInput;
  readonly positions: readonly Position[];
  readonly unitsOutstanding: DecimalInput;
}

/** Cash per unit is kept to 30 decimals when a pool is divided (quantities to QUANTITY_DECIMALS). */
export const POOL_CASH_DECIMALS = 30;

/**
 * Migration of the earlier pooled design: each holding divided by the units outstanding (cash
 * to 30 decimals, quantities to 18, both rounded down, as migration 0015 does in SQL). A pool
 * with no units has only its last NAV to give: one unit holds that NAV in cash.
 */
export function unitOfPool(pool: PooledStrategy, lastNav: DecimalInput): StrategyState {
  const units = new Dec(pool.unitsOutstanding);
  if (units.lte(0)) return { cash: new Dec(lastNav), positions: [] };
  return {
    cash: new Dec(pool.cash).div(units).toDecimalPlaces(POOL_CASH_DECIMALS, Dec.ROUND_DOWN),
    positions: pool.positions
      .map((p) => ({ ...p, quantity: roundQuantityDown(p.quantity.div(units)) }))
      .filter((p) => p.quantity.gt(0)),
  };
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
