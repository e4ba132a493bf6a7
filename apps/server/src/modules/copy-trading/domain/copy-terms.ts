import { Dec } from '../../market/domain';

/**
 * A lead trader's terms (issue 18), as pure rules: the fee within the operator's bounds, and
 * whether a new copy may open (the strategy's minimum amount and optional cap on copiers).
 */

export interface FeeBounds {
  readonly feeMinPct: string;
  readonly feeMaxPct: string;
}

/** The fee as stored (2 decimals), or null when it lies outside the bounds (both inclusive). */
export function feeWithinBounds(feePct: string, bounds: FeeBounds): string | null {
  const fee = new Dec(feePct);
  if (!fee.isFinite() || fee.lt(bounds.feeMinPct) || fee.gt(bounds.feeMaxPct)) return null;
  return fee.toFixed(2);
}

export type CopyRefusal =
  | { code: 'AMOUNT_BELOW_STRATEGY_MIN'; minCents: bigint }
  | { code: 'STRATEGY_COPIERS_FULL'; maxCopiers: number };

/**
 * Why a new copy of `amountCents` may not open, or null: below the strategy's minimum, or the
 * strategy already has `maxCopiers` open copies (null: no cap).
 */
export function newCopyRefusal(
  terms: { minCopyCents: bigint; maxCopiers: number | null },
  amountCents: bigint,
  openCopies: number,
): CopyRefusal | null {
  if (amountCents < terms.minCopyCents) {
    return { code: 'AMOUNT_BELOW_STRATEGY_MIN', minCents: terms.minCopyCents };
  }
  if (terms.maxCopiers !== null && openCopies >= terms.maxCopiers) {
    return { code: 'STRATEGY_COPIERS_FULL', maxCopiers: terms.maxCopiers };
  }
  return null;
}
