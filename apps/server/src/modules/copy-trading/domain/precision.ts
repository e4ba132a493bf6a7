import { Dec, type DecimalInput } from '../../market/domain';

/**
 * Rounding rules, all in one place. Every rule leans the same way: towards the people whose money
 * is already in the strategy, so nobody can take out more than their share.
 *
 * - NAV per unit: 10 decimals, rounded towards minus infinity. Values paid out at a NAV are then
 *   never more than the equity behind them.
 * - Units: 8 decimals, rounded down. A subscriber gets at most amount / NAV units, so existing
 *   holders are never diluted; the sub-unit remainder stays in the strategy.
 * - Position quantities per unit: 18 decimals, rounded down, so an order never exceeds its target
 *   weight. (A unit is worth about one dollar: 8 decimals would keep only 3 significant digits of
 *   a BTC position per unit; 18 keep the precision a pooled fund of a billion units had.)
 * - Weights the engine computes (the room left under the gross limit, a demo desk's scaled
 *   target): 18 decimals, rounded down, so they never exceed the limit they were computed from.
 * - Averaged entry prices: 10 decimals; the rounding residue of a short's entry is booked to cash
 *   so that a fill never changes equity (see orders.ts).
 * - Cents paid out: floor(units × NAV × 100) (see subscriptions.ts).
 * - Percentages for display: 2 decimals, half away from zero, "-0.00" shown as "0.00".
 */
export const NAV_DECIMALS = 10;
export const UNITS_DECIMALS = 8;
export const ENTRY_PRICE_DECIMALS = 10;
export const QUANTITY_DECIMALS = 18;
/** Target weights the engine computes (the room an order has, a scaled demo target): 18 decimals. */
export const WEIGHT_DECIMALS = 18;

export const INITIAL_NAV = new Dec(1);

export function roundNav(value: Dec): Dec {
  return value.toDecimalPlaces(NAV_DECIMALS, Dec.ROUND_FLOOR);
}

export function roundUnitsDown(value: Dec): Dec {
  return value.toDecimalPlaces(UNITS_DECIMALS, Dec.ROUND_DOWN);
}

/** A weight rounded down, so a computed target never exceeds what it was computed from. */
export function roundWeightDown(value: Dec): Dec {
  return value.toDecimalPlaces(WEIGHT_DECIMALS, Dec.ROUND_DOWN);
}

export function roundQuantityDown(value: Dec): Dec {
  return value.toDecimalPlaces(QUANTITY_DECIMALS, Dec.ROUND_DOWN);
}

/** A percentage for display: exactly 2 decimals, never "-0.00". */
export function toPercentText(value: Dec): string {
  const text = value.toFixed(2, Dec.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
}

export function toDec(value: DecimalInput): Dec {
  return new Dec(value);
}
