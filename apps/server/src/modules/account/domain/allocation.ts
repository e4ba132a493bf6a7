import Decimal from 'decimal.js';

/**
 * What share of the Account Balance each open trade is, and the cash beside them: value /
 * balance × 100, 1 decimal (half-up), each rounded on its own (so the shares may sum to 99.9 or
 * 100.1). Nothing to share out when the balance is zero or below.
 */
export function allocation(input: {
  balanceCents: bigint;
  cashCents: bigint;
  trades: readonly { id: string; valueCents: bigint }[];
}): { cashPct: string; trades: { tradeId: string; sharePct: string }[] } | null {
  if (input.balanceCents <= 0n) return null;
  const share = (cents: bigint) =>
    new Decimal(cents.toString())
      .times(100)
      .dividedBy(input.balanceCents.toString())
      .toFixed(1, Decimal.ROUND_HALF_UP);
  return {
    cashPct: share(input.cashCents),
    trades: input.trades.map((trade) => ({ tradeId: trade.id, sharePct: share(trade.valueCents) })),
  };
}
