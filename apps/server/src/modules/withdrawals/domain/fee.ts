import Decimal from 'decimal.js';

/**
 * The withdrawal fee. Rounding rule: the fee is `amount × pct / 100` rounded DOWN to the whole
 * cent, so the user never pays more than the stated percentage; it is deducted from the payout
 * (net = amount − fee), never paid in. A percentage of 0 means no fee.
 */
export interface FeeQuote {
  amountCents: bigint;
  feeCents: bigint;
  netCents: bigint;
  feePct: string;
}

const PCT_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;

/** A stored percentage ("10", "2.5") → canonical text; throws on anything outside 0..99.99. */
export function normaliseFeePct(raw: unknown): string {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!PCT_PATTERN.test(text)) throw new RangeError(`invalid withdrawal fee percentage: ${text}`);
  return new Decimal(text).toString();
}

export function quoteWithdrawal(amountCents: bigint, feePct: string): FeeQuote {
  if (amountCents <= 0n) throw new RangeError('amount must be positive');
  const pct = normaliseFeePct(feePct);
  const fee = new Decimal(amountCents.toString())
    .times(pct)
    .dividedBy(100)
    .toDecimalPlaces(0, Decimal.ROUND_DOWN);
  const feeCents = BigInt(fee.toFixed(0));
  return { amountCents, feeCents, netCents: amountCents - feeCents, feePct: pct };
}
