/**
 * A token amount in base units ("1500000") as whole tokens ("1.5" at 6 decimals), exactly (BigInt,
 * never a float), without trailing zeros.
 */
export function tokenAmountText(baseUnits: string, decimals: number): string {
  const units = BigInt(baseUnits);
  const scale = 10n ** BigInt(decimals);
  const whole = (units / scale).toString();
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
