/**
 * The trade rules both sides apply, in whole cents, without zod: the stop-loss and take-profit
 * lines, the plan's bounds on an investment and on adding to or taking from a copy. The request
 * schemas (schemas/trades.ts) re-export them; a screen that only shows their figures imports this
 * module and does not load the schemas.
 */

/** A copy's stop-loss, in whole percent of what was put in (docs/product.md): bounds and default. */
export const STOP_LOSS_PCT = { min: 5, max: 95, default: 40 } as const;

/** A copy's optional take-profit, in whole percent of gain on what was put in: bounds. */
export const TAKE_PROFIT_PCT = { min: 1, max: 1000 } as const;

/**
 * The copy stop-loss rule (docs/product.md), in whole cents: a trade is stopped out once its loss
 * is at least `pct` % of what was put in — loss × 100 ≥ amount × pct, exactly. The server's domain
 * and its SQL pre-filter apply it (a property test holds them together); the web shows the value
 * it fires at.
 */
export function isStopLossCrossed(amountCents: bigint, valueCents: bigint, pct: number): boolean {
  return (amountCents - valueCents) * 100n >= amountCents * BigInt(pct);
}

/** The highest value at which the stop-loss fires: floor(amount × (100 − pct) / 100) cents. */
export function stopLossValueCents(amountCents: number, pct: number): number {
  return Number((BigInt(amountCents) * BigInt(100 - pct)) / 100n);
}

/**
 * The take-profit rule, its mirror: a trade closes once its gain is at least `pct` % of what was
 * put in — (value − amount) × 100 ≥ amount × pct, exactly. A stop-loss and a take-profit can never
 * both hold for one trade at one value (one is a loss, the other a gain).
 */
export function isTakeProfitCrossed(amountCents: bigint, valueCents: bigint, pct: number): boolean {
  return (valueCents - amountCents) * 100n >= amountCents * BigInt(pct);
}

/**
 * Claim Profit (PRODUCT.md section 3) only while the copy is worth more than its amount: profit =
 * value − amount > 0 cents. The server refuses otherwise (NO_PROFIT_TO_CLAIM); the web says why
 * the action is off.
 */
export function hasProfitToClaim(profitCents: bigint | number): boolean {
  return profitCents > 0;
}

/** The lowest value at which the take-profit fires: ceil(amount × (100 + pct) / 100) cents. */
export function takeProfitValueCents(amountCents: number, pct: number): number {
  const scaled = BigInt(amountCents) * BigInt(100 + pct);
  return Number((scaled + 99n) / 100n);
}

/** A plan's bounds on what one trade may put in, in cents. */
export interface PlanBounds {
  minCents: number;
  maxCents: number;
}

/**
 * The plan's rule on an amount (seed §5): at least its minimum, at most its maximum. The server
 * refuses with this code when booking the trade; the invest form says the same before asking.
 */
export function planBoundProblem(
  cents: number,
  plan: PlanBounds,
):
  | { code: 'AMOUNT_BELOW_PLAN_MIN'; params: { minCents: number } }
  | { code: 'AMOUNT_ABOVE_PLAN_MAX'; params: { maxCents: number } }
  | null {
  if (cents < plan.minCents) {
    return { code: 'AMOUNT_BELOW_PLAN_MIN', params: { minCents: plan.minCents } };
  }
  if (cents > plan.maxCents) {
    return { code: 'AMOUNT_ABOVE_PLAN_MAX', params: { maxCents: plan.maxCents } };
  }
  return null;
}

/**
 * Add funds to an open copy: the plan's maximum applies to the copy's total, its cost (what is in
 * it) plus the amount added. The server refuses with this code; the dialog says it before asking.
 */
export function addFundsProblem(
  addCents: number,
  copy: { amountCents: number; maxCents: number },
): { code: 'ADD_ABOVE_PLAN_MAX'; params: { maxCents: number; roomCents: number } } | null {
  if (copy.amountCents + addCents <= copy.maxCents) return null;
  const roomCents = Math.max(0, copy.maxCents - copy.amountCents);
  return { code: 'ADD_ABOVE_PLAN_MAX', params: { maxCents: copy.maxCents, roomCents } };
}

/**
 * Take part of an open copy out: at most what it is worth now, and what stays must be at least the
 * plan's minimum (taking everything out is Close Trade). Checked at the NAV of the moment.
 */
export function removeFundsProblem(
  removeCents: number,
  copy: { valueCents: number; minCents: number },
):
  | { code: 'REMOVE_MORE_THAN_HELD'; params: { valueCents: number } }
  | { code: 'REMAINDER_BELOW_PLAN_MIN'; params: { minCents: number; maxRemoveCents: number } }
  | null {
  if (removeCents > copy.valueCents) {
    return { code: 'REMOVE_MORE_THAN_HELD', params: { valueCents: copy.valueCents } };
  }
  if (copy.valueCents - removeCents < copy.minCents) {
    const maxRemoveCents = Math.max(0, copy.valueCents - copy.minCents);
    return {
      code: 'REMAINDER_BELOW_PLAN_MIN',
      params: { minCents: copy.minCents, maxRemoveCents },
    };
  }
  return null;
}

/**
 * Whether a plan or a copy pays its lead trader a performance fee: its percentage, a decimal
 * string as the API sends it ("20", "0.00"), is above zero. The server computes the fee (on gain
 * above the high-water mark); screens use this to say whether there is one at all.
 */
export function chargesPerformanceFee(feePct: string): boolean {
  return Number(feePct) > 0;
}
