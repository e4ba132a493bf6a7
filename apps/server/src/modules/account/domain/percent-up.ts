import Decimal from 'decimal.js';

/**
 * Total return since investing began (docs/product.md):
 *   (balance + open trade value − net deposits) / net deposits × 100, with 2 decimals
 *   (half-up). Net deposits = approved deposits − paid withdrawals (gross). Null when there is
 *   nothing deposited net (no deposits, or everything withdrawn), where a ratio means nothing.
 */
export function percentUp(input: {
  balanceCents: bigint;
  openTradeValueCents: bigint;
  depositsCents: bigint;
  withdrawalsCents: bigint;
}): string | null {
  const net = input.depositsCents - input.withdrawalsCents;
  if (input.depositsCents <= 0n || net <= 0n) return null;
  const gain = input.balanceCents + input.openTradeValueCents - net;
  const text = new Decimal(gain.toString())
    .times(100)
    .dividedBy(net.toString())
    .toFixed(2, Decimal.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
}
