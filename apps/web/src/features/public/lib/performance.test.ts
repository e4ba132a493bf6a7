import { describe, expect, it } from 'vitest';
import type { PublicPlan } from '../api';
import { bestStrategy, formatDrawdown } from './performance';

function plan(id: string, strategy: PublicPlan['strategy']): PublicPlan {
  return {
    id,
    title: id,
    minCents: 10_000,
    maxCents: 99_900,
    termDays: 7,
    recommended: false,
    performanceFeePct: '0',
    strategy,
  };
}

describe('bestStrategy', () => {
  it('picks the highest trailing 30-day return and skips strategies without history', () => {
    const best = bestStrategy([
      plan('a', { name: 'Majors', return30dPct: '2.41', maxDrawdownPct: '-6.80' }),
      plan('b', { name: 'Trend', return30dPct: '4.9', maxDrawdownPct: '-11.25' }),
      plan('c', { name: 'New', return30dPct: null, maxDrawdownPct: null }),
      plan('d', null),
    ]);
    expect(best).toEqual({ name: 'Trend', return30dPct: '4.9', maxDrawdownPct: '-11.25' });
  });

  it('shows a loss as it is when every strategy lost', () => {
    const best = bestStrategy([
      plan('a', { name: 'A', return30dPct: '-3.10', maxDrawdownPct: null }),
      plan('b', { name: 'B', return30dPct: '-0.50', maxDrawdownPct: null }),
    ]);
    expect(best?.name).toBe('B');
  });

  it('is null when no strategy has a computed return', () => {
    expect(bestStrategy([])).toBeNull();
    expect(bestStrategy([plan('a', null)])).toBeNull();
    expect(
      bestStrategy([plan('a', { name: 'A', return30dPct: null, maxDrawdownPct: null })]),
    ).toBeNull();
  });
});

describe('formatDrawdown', () => {
  it('shows the size of the fall whichever sign the server uses', () => {
    expect(formatDrawdown('-11.25')).toBe('11.25%');
    expect(formatDrawdown('8.4')).toBe('8.40%');
  });
});
