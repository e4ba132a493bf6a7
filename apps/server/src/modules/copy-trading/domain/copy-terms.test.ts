import { describe, expect, it } from 'vitest';
import { feeWithinBounds, newCopyRefusal } from './copy-terms';

const bounds = { feeMinPct: '5', feeMaxPct: '30' };

describe('feeWithinBounds', () => {
  it('keeps a fee on either bound, written with 2 decimals', () => {
    expect(feeWithinBounds('5', bounds)).toBe('5.00');
    expect(feeWithinBounds('30', bounds)).toBe('30.00');
    expect(feeWithinBounds('12.5', bounds)).toBe('12.50');
  });

  it('refuses a fee a cent of a percent outside the bounds', () => {
    expect(feeWithinBounds('4.99', bounds)).toBeNull();
    expect(feeWithinBounds('30.01', bounds)).toBeNull();
  });
});

describe('newCopyRefusal', () => {
  const terms = { minCopyCents: 5_000n, maxCopiers: 2 };

  it('opens a copy of exactly the minimum while places remain', () => {
    expect(newCopyRefusal(terms, 5_000n, 1)).toBeNull();
  });

  it('refuses a copy a cent below the minimum, naming the minimum', () => {
    expect(newCopyRefusal(terms, 4_999n, 0)).toEqual({
      code: 'AMOUNT_BELOW_STRATEGY_MIN',
      minCents: 5_000n,
    });
  });

  it('refuses the copy beyond the cap, and never caps a strategy without one', () => {
    expect(newCopyRefusal(terms, 5_000n, 2)).toEqual({
      code: 'STRATEGY_COPIERS_FULL',
      maxCopiers: 2,
    });
    expect(newCopyRefusal({ minCopyCents: 0n, maxCopiers: null }, 1n, 10_000)).toBeNull();
  });
});
