import { removalOf, type RemovalSplit } from '@app/shared/funds-removal';
import { MONEY_MESSAGES } from '@app/shared/schemas/money';
import {
  addFundsProblem,
  removeFundsProblem,
  tradeAmountSchema,
  type FundsAction,
  type FundsChange,
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

/**
 * A removal's figures worked out by the shared rule the server books with
 * (@app/shared/funds-removal): the trade's amount and units, the amount asked for at the quote's
 * NAV, and the quote's fee (the server alone knows the lots' high-water marks). Null for an add
 * or a claim, or when the trade shown is no longer the one quoted (its units changed meanwhile).
 */
export function explainRemoval(
  trade: Pick<CurrentTrade, 'amountCents' | 'units'>,
  change: FundsChange,
): RemovalSplit | null {
  if (change.action !== 'remove') return null;
  try {
    const split = removalOf(
      { amountCents: BigInt(trade.amountCents), units: trade.units },
      BigInt(change.amountCents),
      change.nav,
      BigInt(change.feeCents),
    );
    return split.unitsAfter === change.after.units ? split : null;
  } catch {
    return null;
  }
}
