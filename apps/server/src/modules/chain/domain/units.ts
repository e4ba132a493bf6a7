/**
 * Token amounts to USD cents, exactly: integers only (a token amount is a uint256 in base units;
 * a USD rate is a decimal string read as a fraction), floor to the cent, never rounded up; what
 * is left below a cent is returned in base units so it can be recorded.
 */

/** USD per whole token as a fraction (`"0.9998"` → 9998 / 10000). */
export interface UsdRate {
  numerator: bigint;
  denominator: bigint;
}

export function parseUsdRate(text: string): UsdRate {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match?.[1]) throw new Error(`Not a decimal rate: ${text}`);
  const fraction = match[2] ?? '';
  return {
    numerator: BigInt(match[1] + fraction),
    denominator: 10n ** BigInt(fraction.length),
  };
}

export interface CentsAndRemainder {
  /** floor(amount × rate × 100 / 10^decimals) */
  cents: bigint;
  /** The base units beyond those the credited cents are worth (`amount` − cost of `cents`). */
  remainder: bigint;
}

/**
 * `amount` base units of a token with `decimals` at `rate` USD per token: the whole cents (floor)
 * and the remainder in base units. 1.234567 USDC (1234567 base units, 6 decimals, rate 1) → 123
 * cents and 4567 base units.
 */
export function baseUnitsToCents(
  amount: bigint,
  decimals: number,
  rate: UsdRate,
): CentsAndRemainder {
  if (amount < 0n) throw new Error('A token amount is never negative');
  const unit = 10n ** BigInt(decimals);
  // cents = amount × num × 100 / (den × unit), floored (all positive: bigint division floors).
  const cents = (amount * rate.numerator * 100n) / (rate.denominator * unit);
  // The base units the cents are worth, rounded up (so the remainder is never overstated).
  const costNumerator = cents * rate.denominator * unit;
  const costDenominator = rate.numerator * 100n;
  const cost = (costNumerator + costDenominator - 1n) / costDenominator;
  return { cents, remainder: amount - cost };
}

/** Base units as whole tokens in decimal text, without trailing zeros: 1234567 at 6 → "1.234567", 25000000 → "25". */
export function tokenAmountText(amount: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  const whole = amount / unit;
  const fraction = (amount % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** Whole tokens to base units: 25 at 6 decimals → 25000000. */
export function wholeTokens(amount: number, decimals: number): bigint {
  return BigInt(amount) * 10n ** BigInt(decimals);
}
