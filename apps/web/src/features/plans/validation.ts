import { formatPlanAmount } from '@app/shared/errors';
import { MONEY_MESSAGES } from '@app/shared/schemas/money';
import { planBoundProblem, tradeAmountSchema, type PlanBounds } from '@app/shared/schemas/trades';
import { renderError } from '../../lib/errors';
import { translateMessage } from '../../lib/messages';

/** "$1,000" for whole dollars, "$1,000.50" otherwise: how the server writes a plan's bounds. */
export function formatPlanBound(cents: number): string {
  return formatPlanAmount(cents);
}

/**
 * Seed §5 plan investment, in order: the amount as the server reads it (tradeAmountSchema), the
 * plan's min and max (planBoundProblem, the server's own rule), then the available balance.
 * Returns the message on screen, or null with the amount in cents when it passes. The server
 * checks all of it again when the trade is booked.
 */
export function validateInvestAmount(
  text: string,
  plan: PlanBounds,
  availableCents: number | undefined,
): { error: string; cents?: undefined } | { error: null; cents: number } {
  const parsed = tradeAmountSchema.safeParse(text);
  if (!parsed.success) return { error: translateMessage(parsed.error.issues[0]?.message) };
  const cents = parsed.data;
  const bound = planBoundProblem(cents, plan);
  if (bound) return { error: renderError<typeof bound.code>(bound.code, bound.params) };
  if (availableCents !== undefined && cents > availableCents) {
    return { error: translateMessage(MONEY_MESSAGES.insufficientBalance) };
  }
  return { error: null, cents };
}
