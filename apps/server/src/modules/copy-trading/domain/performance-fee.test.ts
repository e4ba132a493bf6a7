import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { FeePctOutOfRangeError } from './errors';
import { performanceFee, settleTrade } from './performance-fee';
import { openTrade, tradeValueCents, type Trade } from './trade';

describe('performance fee with a high-water mark', () => {
  const base = { units: '1000', highWaterNav: '1.2', feePct: '20' };

  it('charges nothing below the high-water mark and leaves the mark', () => {
    expect(performanceFee({ ...base, nav: '1.1' })).toEqual({
      feeCents: 0n,
      highWaterNav: new Dec('1.2'),
    });
  });

  it('charges nothing exactly at the high-water mark', () => {
    expect(performanceFee({ ...base, nav: '1.2' })).toEqual({
      feeCents: 0n,
      highWaterNav: new Dec('1.2'),
    });
  });

  it('charges 20% of the gain above the mark: 1000 × 0.3 × 20% = $60.00, mark moves to 1.5', () => {
    expect(performanceFee({ ...base, nav: '1.5' })).toEqual({
      feeCents: 6_000n,
      highWaterNav: new Dec('1.5'),
    });
  });

  it('after a fee the mark has moved up: only the new gain is charged next time', () => {
    const first = performanceFee({ ...base, nav: '1.5' });
    const second = performanceFee({ ...base, highWaterNav: first.highWaterNav, nav: '1.6' });
    expect(second.feeCents).toBe(2_000n); // 1000 × 0.1 × 20%
    expect(
      performanceFee({ ...base, highWaterNav: first.highWaterNav, nav: '1.45' }).feeCents,
    ).toBe(0n);
  });

  it('rounds the fee down to the cent in the follower’s favour', () => {
    // 333.33333333 × 0.1 × 15% = 4.9999999999… → 499 cents
    expect(
      performanceFee({ units: '333.33333333', nav: '1.1', highWaterNav: '1', feePct: '15' })
        .feeCents,
    ).toBe(499n);
  });

  it('refuses a fee percentage outside 0..100', () => {
    expect(() => performanceFee({ ...base, nav: '2', feePct: '101' })).toThrow(
      FeePctOutOfRangeError,
    );
    expect(() => performanceFee({ ...base, nav: '2', feePct: '-1' })).toThrow(
      FeePctOutOfRangeError,
    );
  });
});

describe('settleTrade', () => {
  const trade = openTrade({ amountCents: 100_000n, nav: '1', now: 0, termDays: 7 });

  it('a winning trade at NAV 1.5 with a 20% fee: value $1,500, fee $100, payout $1,400', () => {
    expect(settleTrade(trade, '1.5', '20')).toEqual({
      valueCents: 150_000n,
      feeCents: 10_000n,
      payoutCents: 140_000n,
      profitCents: 50_000n,
      highWaterNav: new Dec('1.5'),
    });
  });

  it('without a fee the follower gets the whole value', () => {
    expect(settleTrade(trade, '1.5', '0').payoutCents).toBe(150_000n);
  });

  it('caps the fee at the trade’s profit, so it never eats into the principal', () => {
    const oddMark: Trade = {
      ...trade,
      lots: [{ units: trade.units, highWaterNav: new Dec('0.5') }],
    };
    const settlement = settleTrade(oddMark, '1.1', '100');
    expect(settlement.feeCents).toBe(10_000n);
    expect(settlement.payoutCents).toBe(100_000n);
  });

  it('property: payout + fee always equals value, and the fee never exceeds the profit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.integer({ min: 1, max: 10 ** 8 }).map((n) => new Dec(n).div(10 ** 6).toFixed()),
        fc.integer({ min: 0, max: 10 ** 8 }).map((n) => new Dec(n).div(10 ** 6).toFixed()),
        fc.integer({ min: 0, max: 10_000 }).map((n) => new Dec(n).div(100).toFixed()),
        (amountCents, entryNav, nav, feePct) => {
          const opened = openTrade({ amountCents, nav: entryNav, now: 0, termDays: 1 });
          const s = settleTrade(opened, nav, feePct);
          expect(s.payoutCents + s.feeCents).toBe(s.valueCents);
          expect(s.valueCents).toBe(tradeValueCents(opened.units, nav));
          expect(s.feeCents >= 0n).toBe(true);
          expect(s.feeCents <= (s.profitCents > 0n ? s.profitCents : 0n)).toBe(true);
        },
      ),
    );
  });
});
