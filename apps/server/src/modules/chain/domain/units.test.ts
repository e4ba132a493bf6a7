import { describe, expect, it } from 'vitest';
import { baseUnitsToCents, parseUsdRate, tokenAmountText, wholeTokens } from './units';

const ONE = parseUsdRate('1');

describe('baseUnitsToCents', () => {
  it('1.234567 USDC is 123 cents and 4567 base units left below the cent', () => {
    expect(baseUnitsToCents(1_234_567n, 6, ONE)).toEqual({ cents: 123n, remainder: 4_567n });
  });

  it('an exact amount leaves nothing', () => {
    expect(baseUnitsToCents(500_000_000n, 6, ONE)).toEqual({ cents: 50_000n, remainder: 0n });
  });

  it('never rounds up: 0.0199999 of an 18-decimal token is 1 cent', () => {
    expect(baseUnitsToCents(19_999_999_999_999_999n, 18, ONE)).toEqual({
      cents: 1n,
      remainder: 9_999_999_999_999_999n,
    });
  });

  it('a rate below 1 floors, and the remainder is what the cents do not cover', () => {
    // 10 tokens at 0.9998 = 9.998 USD → 999 cents; 999 cents cost 9.991998... tokens, rounded up.
    const rate = parseUsdRate('0.9998');
    expect(rate).toEqual({ numerator: 9_998n, denominator: 10_000n });
    const { cents, remainder } = baseUnitsToCents(10_000_000n, 6, rate);
    expect(cents).toBe(999n);
    expect(remainder).toBe(10_000_000n - 9_991_999n);
  });

  it('an amount beyond 2^64 stays exact', () => {
    const amount = 2n ** 70n; // base units of a 6-decimal token
    expect(baseUnitsToCents(amount, 6, ONE)).toEqual({
      cents: amount / 10_000n,
      remainder: amount % 10_000n,
    });
  });
});

describe('token amounts in words', () => {
  it('whole tokens without trailing zeros, and back', () => {
    expect(tokenAmountText(1_234_567n, 6)).toBe('1.234567');
    expect(tokenAmountText(25_000_000n, 6)).toBe('25');
    expect(tokenAmountText(1_500_000n, 6)).toBe('1.5');
    expect(tokenAmountText(7n, 6)).toBe('0.000007');
    expect(tokenAmountText(0n, 6)).toBe('0');
    expect(wholeTokens(25, 6)).toBe(25_000_000n);
  });
});
