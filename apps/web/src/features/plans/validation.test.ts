import { describe, expect, it } from 'vitest';
import { formatPlanBound, validateInvestAmount } from './validation';

const silver = { minCents: 100_000, maxCents: 499_900 };

describe('validateInvestAmount (seed §5 plan investment)', () => {
  it('asks for an amount first', () => {
    expect(validateInvestAmount('', silver, 1_000_000).error).toBe('Amount is required');
    expect(validateInvestAmount('   ', silver, 1_000_000).error).toBe('Amount is required');
  });

  it("names the plan's minimum and maximum like $1,000", () => {
    expect(validateInvestAmount('999.99', silver, 1_000_000).error).toBe(
      'Amount must be greater than or equal to $1,000',
    );
    expect(validateInvestAmount('4999.01', silver, 1_000_000).error).toBe(
      'Amount must be less than or equal to $4,999',
    );
    expect(validateInvestAmount('1', { minCents: 150, maxCents: 250 }, undefined).error).toBe(
      'Amount must be greater than or equal to $1.50',
    );
  });

  it('checks the available balance after the plan bounds', () => {
    expect(validateInvestAmount('2,000', silver, 150_000).error).toBe('Insufficient balance');
    expect(validateInvestAmount('6000', silver, 150_000).error).toBe(
      'Amount must be less than or equal to $4,999',
    );
  });

  it('says what is wrong with text that is not an amount', () => {
    expect(validateInvestAmount('12abc', silver, 1_000_000).error).toBe('Amount must be a number');
    expect(validateInvestAmount('-50', silver, 1_000_000).error).toBe(
      'Amount must be greater than $0.00',
    );
    expect(validateInvestAmount('1000.555', silver, 1_000_000).error).toBe(
      'Please enter a valid amount with at most 2 decimals',
    );
  });

  it('passes an amount within the plan and the balance, in cents', () => {
    expect(validateInvestAmount('$1,000', silver, 100_000)).toEqual({
      error: null,
      cents: 100_000,
    });
    expect(validateInvestAmount('4999', silver, undefined)).toEqual({
      error: null,
      cents: 499_900,
    });
  });

  it('formats bounds without cents when whole', () => {
    expect(formatPlanBound(99_900)).toBe('$999');
    expect(formatPlanBound(5_000_000_000)).toBe('$50,000,000');
    expect(formatPlanBound(1_050)).toBe('$10.50');
  });
});
