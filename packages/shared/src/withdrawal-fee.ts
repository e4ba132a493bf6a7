/**
 * The withdrawal fee, one rule for the server that books it and the screens that show it. Each
 * payment method carries the operator's terms (PRODUCT.md section 3: a percentage and/or a flat
 * fee, 0 by default). The fee is `amount × pct / 100` rounded DOWN to the whole cent, plus the
 * flat fee; it is deducted from the payout (net = amount − fee), never paid in, so an amount that
 * does not cover it (net ≤ 0) cannot be withdrawn by that method.
 */
export interface WithdrawalFeeTerms {
  /** Percent of the amount, "0" to "99.99" (at most 2 decimals). */
  pct: string;
  /** A flat fee per withdrawal, in cents. */
  fixedCents: number;
}

export const NO_WITHDRAWAL_FEE: WithdrawalFeeTerms = { pct: '0', fixedCents: 0 };

/** The largest flat fee a method may set: $1,000.00. */
export const WITHDRAWAL_FEE_FIXED_MAX_CENTS = 100_000;

const PCT_PATTERN = /^(\d{1,2})(?:\.(\d{1,2}))?$/;

/** "10.00" → 1000 hundredths of a percent; null when not a percentage 0..99.99 with ≤ 2 decimals. */
function hundredthsOfPct(pct: string): bigint | null {
  const match = PCT_PATTERN.exec(pct.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** The canonical text of a stored percentage ("10.00" → "10", "2.50" → "2.5"); throws on bad input. */
export function normaliseFeePct(raw: unknown): string {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  const hundredths = hundredthsOfPct(text);
  if (hundredths === null) throw new RangeError(`invalid withdrawal fee percentage: ${text}`);
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole.toString()}.${fraction}`;
}

export interface WithdrawalFeeQuote {
  amountCents: bigint;
  feeCents: bigint;
  /** What arrives: amount − fee; 0 or less when the amount does not cover the fee. */
  netCents: bigint;
}

/** What a withdrawal of `amountCents` costs under `terms`, in exact cents. */
export function quoteWithdrawalFee(
  amountCents: bigint,
  terms: WithdrawalFeeTerms,
): WithdrawalFeeQuote {
  if (amountCents <= 0n) throw new RangeError('amount must be positive');
  const hundredths = hundredthsOfPct(terms.pct);
  if (hundredths === null) throw new RangeError(`invalid withdrawal fee percentage: ${terms.pct}`);
  if (!Number.isSafeInteger(terms.fixedCents) || terms.fixedCents < 0) {
    throw new RangeError(`invalid flat withdrawal fee: ${terms.fixedCents}`);
  }
  const feeCents = (amountCents * hundredths) / 10_000n + BigInt(terms.fixedCents);
  return { amountCents, feeCents, netCents: amountCents - feeCents };
}

/** Whether the terms take nothing (a free method). */
export function isFreeWithdrawal(terms: WithdrawalFeeTerms): boolean {
  return hundredthsOfPct(terms.pct) === 0n && terms.fixedCents === 0;
}
