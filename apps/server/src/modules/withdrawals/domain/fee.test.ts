import { describe, expect, it } from 'vitest';
import { normaliseFeePct, quoteWithdrawal } from './fee';

describe('withdrawal fee', () => {
  it('10% of $100.00 is $10.00; the user receives $90.00', () => {
    expect(quoteWithdrawal(10_000n, '10')).toEqual({
      amountCents: 10_000n,
      feeCents: 1_000n,
      netCents: 9_000n,
      feePct: '10',
    });
  });

  it('rounds the fee down to the cent: 10% of $1.09 is 10 cents, not 11', () => {
    expect(quoteWithdrawal(109n, '10')).toMatchObject({ feeCents: 10n, netCents: 99n });
  });

  it('2.5% of $0.99 rounds 2.475 cents down to 2 cents', () => {
    expect(quoteWithdrawal(99n, '2.5')).toMatchObject({ feeCents: 2n, netCents: 97n });
  });

  it('a 0% schedule charges nothing', () => {
    expect(quoteWithdrawal(12_345n, '0')).toMatchObject({ feeCents: 0n, netCents: 12_345n });
  });

  it('is exact on the largest withdrawal ($1,000,000 at 99.99%)', () => {
    expect(quoteWithdrawal(100_000_000n, '99.99')).toMatchObject({
      feeCents: 99_990_000n,
      netCents: 10_000n,
    });
  });

  it('refuses percentages outside 0..99.99 or with more than 2 decimals', () => {
    expect(() => normaliseFeePct('100')).toThrow(RangeError);
    expect(() => normaliseFeePct('-1')).toThrow(RangeError);
    expect(() => normaliseFeePct('1.234')).toThrow(RangeError);
    expect(normaliseFeePct('10.50')).toBe('10.5');
    expect(normaliseFeePct(10)).toBe('10');
  });
});
