import { describe, expect, it } from 'vitest';
import { removalOf, splitRemoval, unitsValueCents, unitsWorth } from './funds-removal';

describe('removing funds from a copy', () => {
  it('$300 out of a $2,500 copy worth $2,499.00: the Trade Amount falls by $300.12 to $2,199.88', () => {
    expect(removalOf({ amountCents: 250_000n, units: '2500' }, 30_000n, '0.9996', 0n)).toEqual({
      valueBeforeCents: 249_900n,
      units: '300.12004802',
      valueCents: 30_000n,
      costCents: 30_012n,
      profitCents: -12n,
      feeCents: 0n,
      payoutCents: 30_000n,
      amountAfterCents: 219_988n,
      unitsAfter: '2199.87995198',
      valueAfterCents: 219_899n,
    });
  });

  it('rounds the units up so they are worth the amount asked, to the cent', () => {
    expect(unitsWorth(30_000n, '1.1234567')).toBe('267.03298846');
    expect(unitsValueCents('267.03298846', '1.1234567')).toBe(30_000n);
    expect(unitsValueCents('267.03298845', '1.1234567')).toBe(29_999n);
  });

  it('caps the fee at the part’s profit, and charges none on a loss', () => {
    const copy = { amountCents: 100_000n, units: '1000' };
    expect(splitRemoval(copy, '100', '1.01', 5_000n)).toMatchObject({
      costCents: 10_000n,
      profitCents: 100n,
      feeCents: 100n,
      payoutCents: 10_000n,
    });
    expect(splitRemoval(copy, '100', '0.99', 5_000n)).toMatchObject({
      profitCents: -100n,
      feeCents: 0n,
      payoutCents: 9_900n,
    });
  });

  it('leaves a cent of amount with the units that stay, however the share rounds', () => {
    // Found by position.test.ts's property: $0.49 of amount for 49.47889766 units after a gain,
    // 48.97763785 of them sold at NAV 0.977589: the share, 48.5036 cents, rounds to all 49.
    const split = splitRemoval(
      { amountCents: 49n, units: '49.47889766' },
      '48.97763785',
      '0.977589',
      0n,
    );
    expect(split.costCents).toBe(48n);
    expect(split.amountAfterCents).toBe(1n);
    expect(split.profitCents).toBe(split.valueCents - 48n);
    // Without that edge the share rounds as before.
    expect(
      splitRemoval({ amountCents: 49n, units: '49.47889766' }, '24', '0.977589', 0n).costCents,
    ).toBe(24n);
  });

  it('refuses to take all the units (that is a close) or none', () => {
    const copy = { amountCents: 100_000n, units: '1000' };
    expect(() => splitRemoval(copy, '1000', '1', 0n)).toThrow(RangeError);
    expect(() => splitRemoval(copy, '0', '1', 0n)).toThrow(RangeError);
  });
});
