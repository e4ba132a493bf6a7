import { formatPlanAmount } from '@app/shared/errors';
import { amountTextProblem, parseUsdToCents } from '@app/shared/money';
import { MONEY_MESSAGES } from '@app/shared/schemas/money';
import { TRADE_MESSAGES } from '@app/shared/schemas/trades';
import { renderError } from '../../lib/errors';

/** "$1,000" for whole dollars, "$1,000.50" otherwise: how the server writes a plan's bounds. */
export function formatPlanBound(cents: number): string {
  return formatPlanAmount(cents);
}

export interface InvestBounds {
  minCents: number;
  maxCents: number;
}

/**
 * Seed §5 plan investment, in order: required, the plan's min, its max, then the available
 * balance. Returns the message, or null with the amount in cents when it passes. The server
 * checks all of it again when the trade is booked.
 */
export function validateInvestAmount(
  text: string,
  plan: InvestBounds,
  availableCents: number | undefined,
): { error: string; cents?: undefined } | { error: null; cents: number } {
  if (text.trim() === '') return { error: TRADE_MESSAGES.amountRequired };
  const cents = parseUsdToCents(text);
  if (cents === null) {
    // The real problem (the seed's messages cover only empty, min, max and balance).
    const problem = amountTextProblem(text);
    if (problem === 'negative') return { error: MONEY_MESSAGES.amountPositive };
    if (problem === 'not_a_number') return { error: MONEY_MESSAGES.notANumber };
    if (problem === 'too_large') {
      return { error: renderError('AMOUNT_ABOVE_PLAN_MAX', { maxCents: plan.maxCents }) };
    }
    return { error: MONEY_MESSAGES.validAmount };
  }
  if (cents < plan.minCents) {
    return { error: renderError('AMOUNT_BELOW_PLAN_MIN', { minCents: plan.minCents }) };
  }
  if (cents > plan.maxCents) {
    return { error: renderError('AMOUNT_ABOVE_PLAN_MAX', { maxCents: plan.maxCents }) };
  }
  if (availableCents !== undefined && cents > availableCents) {
    return { error: MONEY_MESSAGES.insufficientBalance };
  }
  return { error: null, cents };
}
