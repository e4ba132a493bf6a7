import Decimal from 'decimal.js';

/**
 * The one decimal constructor for prices, quantities, NAV and units on the server.
 *
 * A private clone so no other code can change its precision: 50 significant digits is far more
 * than any product of a price (≤ 4 decimals) and a quantity (≤ 8 decimals) needs, so additions,
 * subtractions and multiplications stay exact; only divisions round, and every division in the
 * domain rounds again explicitly to a documented number of places.
 */
export const Dec = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Dec = Decimal;

/** Exact inputs only: decimal text or a Decimal. Plain JS numbers are refused by the type. */
export type DecimalInput = string | Decimal;

export function dec(value: DecimalInput): Dec {
  return new Dec(value);
}

export function centsToDollars(cents: bigint): Dec {
  return new Dec(cents.toString()).div(100);
}

/** Whole cents, rounded towards minus infinity (the platform never pays out a fraction it lacks). */
export function floorToCents(dollars: Dec): bigint {
  return BigInt(dollars.times(100).toDecimalPlaces(0, Decimal.ROUND_FLOOR).toFixed(0));
}
