import { describe, expect, it } from 'vitest';
import { validateFundsAmount } from './funds';

const trade = { amountCents: 300_000, valueCents: 360_000 };
const silver = { minCents: 100_000, maxCents: 499_900 };

describe('validateFundsAmount', () => {
  it('adds up to the plan’s maximum on the trade’s total, and no more than the balance', () => {
    expect(validateFundsAmount('1999', 'add', trade, silver, 500_000)).toEqual({
      error: null,
      cents: 199_900,
    });
    expect(validateFundsAmount('2000', 'add', trade, silver, 500_000).error).toBe(
      'This plan holds at most $4,999 per trade: you can add up to $1,999 to this one',
    );
    expect(validateFundsAmount('500', 'add', trade, silver, 40_000).error).toBe(
      'Insufficient balance',
    );
  });

  it('takes out no more than the trade is worth, leaving at least the plan’s minimum', () => {
    expect(validateFundsAmount('2600', 'remove', trade, silver, undefined)).toEqual({
      error: null,
      cents: 260_000,
    });
    expect(validateFundsAmount('2700', 'remove', trade, silver, undefined).error).toBe(
      'At least $1,000 must stay in this trade: take out at most $2,600, or close the trade to take out everything',
    );
    expect(validateFundsAmount('3600.01', 'remove', trade, silver, undefined).error).toBe(
      'This trade is worth $3,600 now: you cannot take out more',
    );
  });

  it('reads the amount as the server does', () => {
    expect(validateFundsAmount('', 'add', trade, silver, 0).error).toBe('Amount is required');
    expect(validateFundsAmount('12.345', 'remove', trade, silver, 0).error).not.toBeNull();
  });
});
