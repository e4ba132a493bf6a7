import { describe, expect, it } from 'vitest';
import { copyTermsRefusal, planRefusal, strategyRefusal, type OpenPlanFacts } from './open-copy';

const plan = (over: Partial<OpenPlanFacts['plan']> = {}): OpenPlanFacts['plan'] => ({
  retiredAt: null,
  strategyId: 's1',
  minCents: 10_000n,
  maxCents: 1_000_000n,
  ...over,
});
const facts = (over: Partial<OpenPlanFacts> = {}): OpenPlanFacts => ({
  plan: plan(),
  openOnPlan: false,
  openCount: 0,
  ...over,
});
const refusalOf = (error: { code: string; params: object; field?: string | undefined } | null) =>
  error && { code: error.code, params: error.params, field: error.field };

describe('opening a copy: the plan', () => {
  it('lets a copy within the plan’s bounds open', () => {
    expect(planRefusal(facts(), 50_000, 5)).toBeNull();
  });

  it('refuses in the order the checks have always run', () => {
    expect(refusalOf(planRefusal(undefined, 50_000, 5))).toEqual({
      code: 'PLAN_NOT_FOUND',
      params: {},
      field: 'planId',
    });
    const retired = facts({ plan: plan({ retiredAt: new Date(0), strategyId: null }) });
    expect(planRefusal(retired, 50_000, 5)?.code).toBe('PLAN_RETIRED');
    expect(planRefusal(facts({ plan: plan({ strategyId: null }) }), 1, 5)?.code).toBe(
      'PLAN_NOT_OPEN',
    );
    expect(refusalOf(planRefusal(facts({ openOnPlan: true }), 5_000, 5))).toEqual({
      code: 'AMOUNT_BELOW_PLAN_MIN',
      params: { minCents: 10_000 },
      field: 'amount',
    });
    expect(planRefusal(facts({ openOnPlan: true, openCount: 5 }), 50_000, 5)?.code).toBe(
      'TRADE_ALREADY_OPEN',
    );
    expect(refusalOf(planRefusal(facts({ openCount: 5 }), 50_000, 5))).toEqual({
      code: 'TOO_MANY_OPEN_TRADES',
      params: { max: 5 },
      field: undefined,
    });
  });
});

describe('opening a copy: the strategy and its terms', () => {
  const running = { retiredAt: null, pausedAt: null, leadTraderId: 'lead' };

  it('refuses a strategy that is gone, retired, paused, or the investor’s own', () => {
    expect(strategyRefusal(running, 'investor')).toBeNull();
    expect(strategyRefusal(undefined, 'investor')?.code).toBe('PLAN_NOT_OPEN');
    const both = { ...running, retiredAt: new Date(0), pausedAt: new Date(0) };
    expect(strategyRefusal(both, 'investor')?.code).toBe('STRATEGY_RETIRED');
    expect(strategyRefusal({ ...running, pausedAt: new Date(0) }, 'x')?.code).toBe(
      'PLAN_STRATEGY_PAUSED',
    );
    expect(refusalOf(strategyRefusal(running, 'lead'))).toEqual({
      code: 'OWN_STRATEGY_COPY',
      params: {},
      field: 'planId',
    });
  });

  it('states the lead trader’s terms with their figures and fields', () => {
    const terms = { minCopyCents: 20_000n, maxCopiers: 3 };
    expect(copyTermsRefusal(terms, 20_000n, 2)).toBeNull();
    expect(refusalOf(copyTermsRefusal(terms, 19_999n, 0))).toEqual({
      code: 'AMOUNT_BELOW_STRATEGY_MIN',
      params: { minCents: 20_000 },
      field: 'amount',
    });
    expect(refusalOf(copyTermsRefusal(terms, 20_000n, 3))).toEqual({
      code: 'STRATEGY_COPIERS_FULL',
      params: { maxCopiers: 3 },
      field: 'planId',
    });
  });
});
