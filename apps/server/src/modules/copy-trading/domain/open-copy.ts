import type { ErrorCode } from '@app/shared/errors';
import { planBoundProblem } from '@app/shared/schemas/trades';
import { DomainError } from '../../../lib/domain-error';
import { newCopyRefusal } from './copy-terms';

/*
 * Opening a copy, decided: the service loads the plan and the strategy (under their locks), asks
 * these pure rules in the order the refusals have always been given, and writes the copy only
 * when none refuses.
 */

/** Why a copy may not open, as the refusal the investor sees. */
export class CopyOpenRefusedError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}

/** The plan asked for, with the investor's open copies, as loaded. */
export interface OpenPlanFacts {
  readonly plan: {
    readonly retiredAt: Date | null;
    readonly strategyId: string | null;
    readonly minCents: bigint | number;
    readonly maxCents: bigint | number;
  };
  /** The investor already has an open copy on this plan. */
  readonly openOnPlan: boolean;
  /** The investor's open copies on every plan. */
  readonly openCount: number;
}

/** The plan's refusal of a copy of `amountCents`, or null; no plan at all is PLAN_NOT_FOUND. */
export function planRefusal(
  facts: OpenPlanFacts | undefined,
  amountCents: number,
  maxOpenTrades: number,
): CopyOpenRefusedError | null {
  if (!facts) return new CopyOpenRefusedError('PLAN_NOT_FOUND', {}, 'planId');
  const { plan } = facts;
  if (plan.retiredAt) return new CopyOpenRefusedError('PLAN_RETIRED', {}, 'planId');
  if (!plan.strategyId) return new CopyOpenRefusedError('PLAN_NOT_OPEN', {}, 'planId');
  const bound = planBoundProblem(amountCents, {
    minCents: Number(plan.minCents),
    maxCents: Number(plan.maxCents),
  });
  if (bound) return new CopyOpenRefusedError<typeof bound.code>(bound.code, bound.params, 'amount');
  if (facts.openOnPlan) return new CopyOpenRefusedError('TRADE_ALREADY_OPEN', {}, 'planId');
  if (facts.openCount >= maxOpenTrades) {
    return new CopyOpenRefusedError('TOO_MANY_OPEN_TRADES', { max: maxOpenTrades });
  }
  return null;
}

/** The strategy the plan copies, as loaded (undefined: it no longer exists). */
export interface OpenStrategyFacts {
  readonly retiredAt: Date | null;
  readonly pausedAt: Date | null;
  readonly leadTraderId: string | null;
}

/** The strategy's refusal of a copy by `userId`, or null (its terms are copyTermsRefusal's). */
export function strategyRefusal(
  strategy: OpenStrategyFacts | undefined,
  userId: string,
): CopyOpenRefusedError | null {
  if (!strategy) return new CopyOpenRefusedError('PLAN_NOT_OPEN', {}, 'planId');
  if (strategy.retiredAt) return new CopyOpenRefusedError('STRATEGY_RETIRED', {}, 'planId');
  if (strategy.pausedAt) return new CopyOpenRefusedError('PLAN_STRATEGY_PAUSED', {}, 'planId');
  // A lead trader never copies their own strategy (it would inflate its copiers and AUM).
  if (strategy.leadTraderId === userId)
    return new CopyOpenRefusedError('OWN_STRATEGY_COPY', {}, 'planId');
  return null;
}

/** The lead trader's terms' refusal (minimum amount, cap on copiers), or null. */
export function copyTermsRefusal(
  terms: { minCopyCents: bigint; maxCopiers: number | null },
  amountCents: bigint,
  openCopies: number,
): CopyOpenRefusedError | null {
  const refusal = newCopyRefusal(terms, amountCents, openCopies);
  if (refusal?.code === 'AMOUNT_BELOW_STRATEGY_MIN') {
    return new CopyOpenRefusedError(refusal.code, { minCents: Number(refusal.minCents) }, 'amount');
  }
  if (refusal?.code === 'STRATEGY_COPIERS_FULL') {
    return new CopyOpenRefusedError(refusal.code, { maxCopiers: refusal.maxCopiers }, 'planId');
  }
  return null;
}
