import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToPlain, formatSignedUsd, formatUsd, parseUsdToCents } from './money';

describe('parseUsdToCents', () => {
  it.each([
    ['100', 10000],
    ['100.5', 10050],
    ['100.05', 10005],
    ['0.01', 1],
    ['1,234.56', 123456],
    ['$5,000', 500000],
    [' 42 ', 4200],
  ])('parses %j as %d cents', (text, cents) => {
    expect(parseUsdToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1.234', '1e5', '12.', '.5', '1,23.00', 'NaN', '9999999999999'])(
    'refuses %j',
    (text) => {
      expect(parseUsdToCents(text)).toBeNull();
    },
  );

  it('parses numbers exactly without float drift', () => {
    expect(parseUsdToCents(0.1 + 0.2)).toBeNull(); // 0.30000000000000004 has too many decimals
    expect(parseUsdToCents(19.99)).toBe(1999);
    expect(parseUsdToCents(-1)).toBeNull();
  });
});

describe('formatSignedUsd', () => {
  it('writes a credit with +, a debit with the same ASCII minus formatUsd uses, and zero bare', () => {
    expect(formatSignedUsd(500)).toBe('+$5.00');
    expect(formatSignedUsd(-123456n)).toBe('-$1,234.56');
    expect(formatSignedUsd(0)).toBe('$0.00');
    expect(formatSignedUsd(-1000)).toBe(formatUsd(-1000));
  });
});

describe('formatUsd', () => {
  it('always shows two decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(500000)).toBe('$5,000.00');
    expect(formatUsd(123456789n)).toBe('$1,234,567.89');
    expect(formatUsd(-250)).toBe('-$2.50');
  });

  it('groups like en-US currency formatting, and exactly beyond 2^53 cents', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => {
        expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      }),
    );
    expect(formatUsd(123456789012345678901n)).toBe('$1,234,567,890,123,456,789.01');
    expect(formatUsd(-100000)).toBe('-$1,000.00');
  });

  it('plain text round-trips through the parser', () => {
    expect(centsToPlain(10005)).toBe('100.05');
    expect(parseUsdToCents(centsToPlain(98765))).toBe(98765);
  });
});
