import type { ErrorCode } from '@app/shared/errors';
import { addFundsProblem, removeFundsProblem } from '@app/shared/schemas/trades';
import { DomainError } from '../../../lib/domain-error';
import type { Dec, DecimalInput } from '../../market/domain';
import { addFunds, claimProfit, removeFunds, type FundsAdded, type FundsRemoved } from './position';
import { tradeValueCents, type Trade } from './trade';

/*
 * Changing an open copy, decided: the service loads the trade, its plan and its strategy (under
 * the trade's lock) and the NAV now, asks these pure rules in the order the refusals have always
 * been given, and books the outcome only when none refuses.
 */

/** Why an add, a removal or a claim may not go through, as the refusal the investor sees. */
export class FundsChangeRefusedError<C extends ErrorCode = ErrorCode> extends DomainError<C> {}

/** What changes an open copy's position: money in, part of it out, or its profit out. */
export type FundsChangeAction = 'add' | 'remove' | 'claim';

/** The copy, its plan and its strategy, as loaded, with the strategy's NAV now. */
export interface FundsChangeFacts {
  readonly trade: Trade;
  readonly nav: Dec;
  readonly performanceFeePct: DecimalInput;
  readonly plan: {
    readonly retiredAt: Date | null;
    readonly minCents: bigint | number;
    readonly maxCents: bigint | number;
  };
  readonly strategy: { readonly retiredAt: Date | null; readonly pausedAt: Date | null };
}

/** The outcome of a change: the lot an add bought, or the units a removal or claim redeemed. */
export type FundsChangeOutcome =
  | { readonly added: FundsAdded; readonly removed?: undefined }
  | { readonly added?: undefined; readonly removed: FundsRemoved };

/**
 * The outcome of `action` for `amountCents` (ignored by a claim), or throws its refusal: a
 * FundsChangeRefusedError, or NoProfitToClaimError for a claim without profit.
 */
export function decideFundsChange(
  facts: FundsChangeFacts,
  action: FundsChangeAction,
  amountCents: number,
): FundsChangeOutcome {
  const { trade, nav, plan, strategy } = facts;
  if (action === 'add') {
    // New money goes in on the terms an invest has: an open plan and a running strategy.
    if (plan.retiredAt) throw new FundsChangeRefusedError('PLAN_RETIRED', {}, 'amount');
    if (strategy.retiredAt) throw new FundsChangeRefusedError('STRATEGY_RETIRED', {}, 'amount');
    if (strategy.pausedAt) throw new FundsChangeRefusedError('PLAN_STRATEGY_PAUSED', {}, 'amount');
    const problem = addFundsProblem(amountCents, {
      amountCents: Number(trade.amountCents),
      maxCents: Number(plan.maxCents),
    });
    if (problem) throw new FundsChangeRefusedError(problem.code, problem.params, 'amount');
    return { added: addFunds(trade, BigInt(amountCents), nav) };
  }
  // Money can always leave: a paused or retired strategy, or a retired plan, refuses nothing here.
  if (action === 'claim') return { removed: claimProfit(trade, nav, facts.performanceFeePct) };
  const problem = removeFundsProblem(amountCents, {
    valueCents: Number(tradeValueCents(trade.units, nav)),
    minCents: Number(plan.minCents),
  });
  if (problem) throw new FundsChangeRefusedError(problem.code, problem.params, 'amount');
  return { removed: removeFunds(trade, BigInt(amountCents), nav, facts.performanceFeePct) };
}

/**
 * A copy of one's own strategy never grows (one opened before they led it may shrink): the
 * refusal of an add by `userId` to a strategy led by `leadTraderId`, or null.
 */
export function ownStrategyAddRefusal(
  action: FundsChangeAction,
  leadTraderId: string | null,
  userId: string,
): FundsChangeRefusedError | null {
  if (action === 'add' && leadTraderId === userId) {
    return new FundsChangeRefusedError('OWN_STRATEGY_COPY', {}, 'amount');
  }
  return null;
}
