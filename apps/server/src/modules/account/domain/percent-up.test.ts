import { describe, expect, it } from 'vitest';
import { percentUp } from './percent-up';

describe('percent up', () => {
  it('is null before the first deposit', () => {
    expect(
      percentUp({
        balanceCents: 0n,
        openTradeValueCents: 0n,
        depositsCents: 0n,
        withdrawalsCents: 0n,
      }),
    ).toBeNull();
  });

  it('$1,000 deposited, $1,100 held in balance and trades: 10.00', () => {
    expect(
      percentUp({
        balanceCents: 60_000n,
        openTradeValueCents: 50_000n,
        depositsCents: 100_000n,
        withdrawalsCents: 0n,
      }),
    ).toBe('10.00');
  });

  it('a loss shows as a negative figure', () => {
    expect(
      percentUp({
        balanceCents: 0n,
        openTradeValueCents: 66_667n,
        depositsCents: 100_000n,
        withdrawalsCents: 0n,
      }),
    ).toBe('-33.33');
  });

  it('withdrawals reduce net deposits; one third rounds half-up to 2 decimals', () => {
    // net = $400 deposited − $100 withdrawn = $300; balance $400 → +33.33%.
    expect(
      percentUp({
        balanceCents: 40_000n,
        openTradeValueCents: 0n,
        depositsCents: 40_000n,
        withdrawalsCents: 10_000n,
      }),
    ).toBe('33.33');
    expect(
      percentUp({
        balanceCents: 1n,
        openTradeValueCents: 0n,
        depositsCents: 200n,
        withdrawalsCents: 0n,
      }),
    ).toBe('-99.50');
  });

  it('is zero, not minus zero, for a tiny loss that rounds away', () => {
    expect(
      percentUp({
        balanceCents: 99_999_999n,
        openTradeValueCents: 0n,
        depositsCents: 100_000_000n,
        withdrawalsCents: 0n,
      }),
    ).toBe('0.00');
  });

  it('is null once everything deposited has been withdrawn', () => {
    expect(
      percentUp({
        balanceCents: 0n,
        openTradeValueCents: 0n,
        depositsCents: 500n,
        withdrawalsCents: 500n,
      }),
    ).toBeNull();
  });
});
