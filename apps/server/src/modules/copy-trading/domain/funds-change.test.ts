import { describe, expect, it } from 'vitest';
import { dec } from '../../market/domain';
import { NoProfitToClaimError } from './errors';
import { decideFundsChange, ownStrategyAddRefusal, type FundsChangeFacts } from './funds-change';
import type { Trade } from './trade';

/** A copy of $1,000.00 holding 1,000 units bought at NAV 1, in one lot. */
const trade: Trade = {
  amountCents: 100_000n,
  units: dec('1000'),
  entryNav: dec('1'),
  lots: [{ units: dec('1000'), highWaterNav: dec('1') }],
  openedAt: 0,
  closesAt: 86_400_000,
  stopLossPct: 50,
  takeProfitPct: null,
};

const facts = (over: Partial<FundsChangeFacts> = {}): FundsChangeFacts => ({
  trade,
  nav: dec('1.2'),
  performanceFeePct: '20',
  plan: { retiredAt: null, minCents: 50_000n, maxCents: 500_000n },
  strategy: { retiredAt: null, pausedAt: null },
  ...over,
});

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const { code, params, field } = error as { code: string; params: object; field?: string };
    return { code, params, field };
  }
  return null;
};

describe('adding funds to a copy', () => {
  it('buys a new lot at the NAV now and grows the amount', () => {
    const { added } = decideFundsChange(facts(), 'add', 60_000);
    expect(added?.units.toFixed()).toBe('500');
    expect(added?.trade.amountCents).toBe(160_000n);
    expect(added?.trade.units.toFixed()).toBe('1500');
  });

  it('refuses a retired plan, then a retired strategy, then a paused one, then the plan’s max', () => {
    const gone = new Date(0);
    const all = facts({
      plan: { retiredAt: gone, minCents: 50_000n, maxCents: 500_000n },
      strategy: { retiredAt: gone, pausedAt: gone },
    });
    expect(refusalOf(() => decideFundsChange(all, 'add', 10_000))?.code).toBe('PLAN_RETIRED');
    const strategy = facts({ strategy: { retiredAt: gone, pausedAt: gone } });
    expect(refusalOf(() => decideFundsChange(strategy, 'add', 10_000))?.code).toBe(
      'STRATEGY_RETIRED',
    );
    const paused = facts({ strategy: { retiredAt: null, pausedAt: gone } });
    expect(refusalOf(() => decideFundsChange(paused, 'add', 10_000))?.code).toBe(
      'PLAN_STRATEGY_PAUSED',
    );
    expect(refusalOf(() => decideFundsChange(facts(), 'add', 400_001))).toEqual({
      code: 'ADD_ABOVE_PLAN_MAX',
      params: { maxCents: 500_000, roomCents: 400_000 },
      field: 'amount',
    });
  });

  it('refuses a lead trader adding to a copy of their own strategy, and nothing else', () => {
    expect(ownStrategyAddRefusal('add', 'lead', 'lead')?.code).toBe('OWN_STRATEGY_COPY');
    expect(ownStrategyAddRefusal('remove', 'lead', 'lead')).toBeNull();
    expect(ownStrategyAddRefusal('add', 'lead', 'investor')).toBeNull();
    expect(ownStrategyAddRefusal('add', null, 'investor')).toBeNull();
  });
});

describe('removing funds from a copy', () => {
  it('redeems the units worth the amount, less the fee on their gain, even when retired', () => {
    const gone = new Date(0);
    const retired = facts({
      plan: { retiredAt: gone, minCents: 50_000n, maxCents: 500_000n },
      strategy: { retiredAt: gone, pausedAt: gone },
    });
    const { removed } = decideFundsChange(retired, 'remove', 24_000);
    expect(removed?.units.toFixed()).toBe('200');
    expect(removed?.valueCents).toBe(24_000n);
    expect(removed?.costCents).toBe(20_000n);
    expect(removed?.feeCents).toBe(800n);
    expect(removed?.payoutCents).toBe(23_200n);
    expect(removed?.trade.amountCents).toBe(80_000n);
  });

  it('refuses more than the copy is worth, then a remainder below the plan’s minimum', () => {
    expect(refusalOf(() => decideFundsChange(facts(), 'remove', 120_001))).toEqual({
      code: 'REMOVE_MORE_THAN_HELD',
      params: { valueCents: 120_000 },
      field: 'amount',
    });
    expect(refusalOf(() => decideFundsChange(facts(), 'remove', 80_000))?.code).toBe(
      'REMAINDER_BELOW_PLAN_MIN',
    );
  });

  it('claims the profit above the amount, and refuses a claim without profit', () => {
    const { removed } = decideFundsChange(facts(), 'claim', 0);
    expect(removed?.valueCents).toBe(20_000n);
    expect(removed?.trade.amountCents).toBe(100_000n);
    expect(() => decideFundsChange(facts({ nav: dec('1') }), 'claim', 0)).toThrow(
      NoProfitToClaimError,
    );
  });
});
