import { MONEY_MESSAGES } from '@app/shared/schemas/money';
import {
  addFundsProblem,
  removeFundsProblem,
  tradeAmountSchema,
  type FundsAction,
  type PlanBounds,
} from '@app/shared/schemas/trades';
import { renderError } from '../../lib/errors';
import { translateMessage } from '../../lib/messages';
import type { CurrentTrade } from './api';

/**
 * The Add funds / Remove funds amount, checked as the server will check it: the amount as it is
 * read (tradeAmountSchema), then for an add the plan's maximum on the trade's total and the
 * available balance, for a removal what the trade is worth now and the plan's minimum on what
 * stays. Unknown plan bounds or balance are left to the server. Returns the message on screen, or
 * null with the amount in cents.
 */
export function validateFundsAmount(
  text: string,
  action: FundsAction,
  trade: Pick<CurrentTrade, 'amountCents' | 'valueCents'>,
  plan: PlanBounds | undefined,
  availableCents: number | undefined,
): { error: string; cents?: undefined } | { error: null; cents: number } {
  const parsed = tradeAmountSchema.safeParse(text);
  if (!parsed.success) return { error: translateMessage(parsed.error.issues[0]?.message) };
  const cents = parsed.data;
  if (action === 'add') {
    const problem = plan
      ? addFundsProblem(cents, { amountCents: trade.amountCents, maxCents: plan.maxCents })
      : null;
    if (problem) return { error: renderError<typeof problem.code>(problem.code, problem.params) };
    if (availableCents !== undefined && cents > availableCents) {
      return { error: translateMessage(MONEY_MESSAGES.insufficientBalance) };
    }
    return { error: null, cents };
  }
  const problem = removeFundsProblem(cents, {
    valueCents: trade.valueCents,
    minCents: plan?.minCents ?? 0,
  });
  if (problem) return { error: renderError<typeof problem.code>(problem.code, problem.params) };
  return { error: null, cents };
}
