import { describe, expect, it } from 'vitest';
import { isFreeWithdrawal, normaliseFeePct, quoteWithdrawalFee } from './withdrawal-fee';

const pct = (value: string) => ({ pct: value, fixedCents: 0 });

describe('the withdrawal fee rule', () => {
  it('10% of $100.00 is $10.00; the user receives $90.00', () => {
    expect(quoteWithdrawalFee(10_000n, pct('10'))).toEqual({
      amountCents: 10_000n,
      feeCents: 1_000n,
      netCents: 9_000n,
    });
  });

  it('rounds the percentage down to the cent: 10% of $1.09 is 10 cents, not 11', () => {
    expect(quoteWithdrawalFee(109n, pct('10'))).toMatchObject({ feeCents: 10n, netCents: 99n });
  });

  it('2.5% of $0.99 rounds 2.475 cents down to 2 cents', () => {
    expect(quoteWithdrawalFee(99n, pct('2.5'))).toMatchObject({ feeCents: 2n, netCents: 97n });
  });

  it('adds a flat fee to the percentage: 1.5% of $333.33 plus $2.50 is $7.49', () => {
    expect(quoteWithdrawalFee(33_333n, { pct: '1.5', fixedCents: 250 })).toEqual({
      amountCents: 33_333n,
      feeCents: 749n,
      netCents: 32_584n,
    });
  });

  it('a flat fee alone: $1.00 of $20.00', () => {
    expect(quoteWithdrawalFee(2_000n, { pct: '0', fixedCents: 100 })).toMatchObject({
      feeCents: 100n,
      netCents: 1_900n,
    });
  });

  it('an amount that does not cover the fee leaves nothing to pay out (net ≤ 0)', () => {
    expect(quoteWithdrawalFee(500n, { pct: '10', fixedCents: 500 })).toMatchObject({
      feeCents: 550n,
      netCents: -50n,
    });
  });

  it('a 0% schedule with no flat fee charges nothing', () => {
    expect(quoteWithdrawalFee(12_345n, pct('0'))).toMatchObject({
      feeCents: 0n,
      netCents: 12_345n,
    });
    expect(isFreeWithdrawal({ pct: '0.00', fixedCents: 0 })).toBe(true);
    expect(isFreeWithdrawal({ pct: '0', fixedCents: 1 })).toBe(false);
  });

  it('is exact on the largest withdrawal ($1,000,000 at 99.99%)', () => {
    expect(quoteWithdrawalFee(100_000_000n, pct('99.99'))).toMatchObject({
      feeCents: 99_990_000n,
      netCents: 10_000n,
    });
  });

  it('refuses percentages outside 0..99.99 or with more than 2 decimals, and negative flat fees', () => {
    expect(() => normaliseFeePct('100')).toThrow(RangeError);
    expect(() => normaliseFeePct('-1')).toThrow(RangeError);
    expect(() => normaliseFeePct('1.234')).toThrow(RangeError);
    expect(() => quoteWithdrawalFee(100n, { pct: '1', fixedCents: -1 })).toThrow(RangeError);
    expect(normaliseFeePct('10.50')).toBe('10.5');
    expect(normaliseFeePct('10.00')).toBe('10');
    expect(normaliseFeePct('0.05')).toBe('0.05');
    expect(normaliseFeePct(10)).toBe('10');
  });
});
