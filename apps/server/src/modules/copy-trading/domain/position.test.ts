import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { settleTrade } from './performance-fee';
import { NoProfitToClaimError } from './errors';
import { addFunds, claimProfit, removeFunds, unitsWorth } from './position';
import { openTrade, tradeProfitCents, tradeValueCents, type Trade } from './trade';

function lotsOf(trade: Trade) {
  return trade.lots.map((lot) => [lot.units.toFixed(), lot.highWaterNav.toFixed()]);
}

/** A NAV from 0.01 to 100, in millionths. */
const navArb = fc.integer({ min: 10_000, max: 100_000_000 }).map((n) => new Dec(n).div(10 ** 6));

describe('add → rise → remove → fall → remove → rise → close (docs/copy-portfolio.md)', () => {
  it('charges 20 % of each unit’s gain above its own purchase NAV, once: $45.00 in all', () => {
    // $1,000 at NAV 1.00: lot A, 1,000 units marked at 1.00.
    const opened = openTrade({ amountCents: 100_000n, nav: '1', now: 0, termDays: 30 });

    // The NAV rises to 1.25; $500 more buys lot B, 400 units marked at 1.25.
    const added = addFunds(opened, 50_000n, '1.25');
    expect(added.units.toFixed()).toBe('400');
    expect(added.trade.amountCents).toBe(150_000n);
    expect(added.trade.units.toFixed()).toBe('1400');
    expect(lotsOf(added.trade)).toEqual([
      ['1000', '1'],
      ['400', '1.25'],
    ]);

    // At 1.50, $300 out: 200 units from lot A (the oldest), fee 200 × 0.50 × 20 % = $20.00;
    // their cost is $1,500 × 200 / 1,400 = $214.29.
    const first = removeFunds(added.trade, 30_000n, '1.5', '20');
    expect({ ...first, trade: undefined, units: first.units.toFixed() }).toEqual({
      trade: undefined,
      units: '200',
      valueCents: 30_000n,
      costCents: 21_429n,
      feeCents: 2_000n,
      payoutCents: 28_000n,
      profitCents: 8_571n,
    });
    expect(first.trade.amountCents).toBe(128_571n);
    expect(lotsOf(first.trade)).toEqual([
      ['800', '1'],
      ['400', '1.25'],
    ]);

    // The NAV falls to 1.10; $990 out: 900 units, all 800 left of lot A (fee 800 × 0.10 × 20 %
    // = $16.00) and 100 of lot B, below its mark of 1.25 (no fee on them).
    const second = removeFunds(first.trade, 99_000n, '1.1', '20');
    expect(second.units.toFixed()).toBe('900');
    expect(second.feeCents).toBe(1_600n);
    expect(second.costCents).toBe(96_428n); // 128,571 × 900 / 1,200 = 96,428.25
    expect(second.payoutCents).toBe(97_400n);
    expect(second.trade.amountCents).toBe(32_143n);
    expect(lotsOf(second.trade)).toEqual([['300', '1.25']]);

    // The NAV rises to 1.40 and the copy is closed: 300 × 0.15 × 20 % = $9.00.
    const closed = settleTrade(second.trade, '1.4', '20');
    expect(closed.valueCents).toBe(42_000n);
    expect(closed.feeCents).toBe(900n);
    expect(closed.payoutCents).toBe(41_100n);

    // In all: lot A's 1,000 units gained 200 × 0.50 + 800 × 0.10 = $180, lot B's 300 kept units
    // $45 (its 100 sold at a loss pay nothing): 20 % of $225 = $45.00.
    expect(first.feeCents + second.feeCents + closed.feeCents).toBe(4_500n);
    // Money in $1,500; money out $280 + $974 + $411 = $1,665.
    expect(first.payoutCents + second.payoutCents + closed.payoutCents).toBe(166_500n);
  });

  it('a removal never charges more than the profit the removed units realise', () => {
    // Lot A bought at 2.00, lot B at 1.00 with its mark pushed up by nothing: at 1.50 the oldest
    // units (A) are redeemed at a loss, so no fee, even though lot B is above its mark.
    const opened = openTrade({ amountCents: 100_000n, nav: '2', now: 0, termDays: 30 });
    const added = addFunds(opened, 100_000n, '1').trade;
    const removed = removeFunds(added, 30_000n, '1.5', '50');
    expect(removed.feeCents).toBe(0n);
    expect(removed.payoutCents).toBe(30_000n);
  });
});

describe('unitsWorth', () => {
  it('rounds up to 8 decimals, so the units are worth exactly the amount asked for', () => {
    expect(unitsWorth(10_000n, '3').toFixed()).toBe('33.33333334');
    expect(tradeValueCents('33.33333334', '3')).toBe(10_000n);
  });
});

describe('removeFunds', () => {
  it('refuses to take every unit (that is a close)', () => {
    const trade = openTrade({ amountCents: 100_000n, nav: '1', now: 0, termDays: 30 });
    expect(() => removeFunds(trade, 100_000n, '1', '20')).toThrow(RangeError);
  });

  it('property: units and money are conserved across adds and removals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n, max: 10n ** 9n }),
        navArb,
        fc.array(
          fc.record({
            add: fc.boolean(),
            nav: navArb,
            share: fc.integer({ min: 1, max: 99 }),
          }),
          { maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 100 }),
        (amountCents, entryNav, steps, feePct) => {
          let trade = openTrade({ amountCents, nav: entryNav, now: 0, termDays: 30 });
          for (const step of steps) {
            const value = tradeValueCents(trade.units, step.nav);
            const cents = (value * BigInt(step.share)) / 100n;
            if (step.add) {
              trade = addFunds(trade, cents > 0n ? cents : 1n, step.nav).trade;
              continue;
            }
            if (cents <= 0n || unitsWorth(cents, step.nav).gte(trade.units)) continue;
            const removed = removeFunds(trade, cents, step.nav, String(feePct));
            expect(removed.payoutCents + removed.feeCents).toBe(removed.valueCents);
            expect(removed.valueCents).toBe(cents);
            expect(removed.feeCents >= 0n).toBe(true);
            expect(removed.feeCents <= (removed.profitCents > 0n ? removed.profitCents : 0n)).toBe(
              true,
            );
            expect(removed.trade.units.plus(removed.units).eq(trade.units)).toBe(true);
            expect(removed.trade.amountCents + removed.costCents).toBe(trade.amountCents);
            trade = removed.trade;
          }
          const sum = trade.lots.reduce((total, lot) => total.plus(lot.units), new Dec(0));
          expect(sum.eq(trade.units)).toBe(true);
          expect(trade.amountCents > 0n).toBe(true);
        },
      ),
    );
  });
});

describe('claimProfit: the profit taken out, the copy left open with its amount', () => {
  it('$1,000 at NAV 1, NAV 1.0025: $2.50 credited, the amount stays $1,000.00', () => {
    const trade = openTrade({ amountCents: 100_000n, nav: '1', now: 0, termDays: 30 });
    expect(tradeProfitCents(trade, '1.0025')).toBe(250n);
    const claimed = claimProfit(trade, '1.0025', '0');
    expect(claimed.units.toFixed()).toBe('2.49376559'); // 2.50 / 1.0025, rounded up
    expect(claimed).toMatchObject({
      valueCents: 250n,
      costCents: 0n,
      feeCents: 0n,
      payoutCents: 250n,
      profitCents: 250n,
    });
    expect(claimed.trade.amountCents).toBe(100_000n);
    expect(claimed.trade.units.toFixed()).toBe('997.50623441');
    // The units left are worth the amount less the sub-cent the rounded-up units took: $999.99.
    expect(tradeValueCents(claimed.trade.units, '1.0025')).toBe(99_999n);
    expect(lotsOf(claimed.trade)).toEqual([['997.50623441', '1.0025']]);
    // Nothing left to claim at the same NAV.
    expect(() => claimProfit(claimed.trade, '1.0025', '0')).toThrow(NoProfitToClaimError);
  });

  it('charges the fee on the gain claimed, once: a later close pays it only on a new rise', () => {
    const trade = openTrade({ amountCents: 100_000n, nav: '1', now: 0, termDays: 30 });
    // NAV 1.10: $100.00 profit, 20 % fee $20.00, $80.00 credited.
    const claimed = claimProfit(trade, '1.1', '20');
    expect(claimed).toMatchObject({ valueCents: 10_000n, feeCents: 2_000n, payoutCents: 8_000n });
    expect(claimed.trade.amountCents).toBe(100_000n);
    expect(lotsOf(claimed.trade)).toEqual([['909.09090909', '1.1']]);
    // Closed at 1.10: no fee again on the gain already charged.
    expect(settleTrade(claimed.trade, '1.1', '20')).toMatchObject({
      valueCents: 99_999n,
      feeCents: 0n,
      profitCents: -1n,
    });
    // Closed at 1.20: the fee is 20 % of the rise above 1.10 only (909.09090909 × 0.10 = $90.90).
    expect(settleTrade(claimed.trade, '1.2', '20')).toMatchObject({
      valueCents: 109_090n,
      feeCents: 1_818n,
      payoutCents: 107_272n,
      profitCents: 9_090n,
    });
  });

  it('keeps a later lot’s own mark, and never charges more than the gain claimed', () => {
    // $1,000 at 1.00, then $500 at 1.25 (400 units); at 1.20 the copy is up $180 in all: lot A
    // gained $200, lot B lost $20. The fee on lot A's gain (50 % of $200) is capped at $180.
    const added = addFunds(
      openTrade({ amountCents: 100_000n, nav: '1', now: 0, termDays: 30 }),
      50_000n,
      '1.25',
    ).trade;
    const claimed = claimProfit(added, '1.2', '50');
    expect(claimed).toMatchObject({ valueCents: 18_000n, feeCents: 10_000n, payoutCents: 8_000n });
    // At 100 % the fee would take the whole $180: nothing is left to claim (closing still pays).
    expect(() => claimProfit(added, '1.2', '100')).toThrow(NoProfitToClaimError);
    // 150 units out of lot A (the oldest), its mark raised to 1.20; lot B keeps 1.25.
    expect(lotsOf(claimed.trade)).toEqual([
      ['850', '1.2'],
      ['400', '1.25'],
    ]);
    expect(claimed.trade.amountCents).toBe(150_000n);
  });

  it('refuses a copy at or below its amount (seed: You have no profit to claim)', () => {
    const trade = openTrade({ amountCents: 100_000n, nav: '1', now: 0, termDays: 30 });
    expect(() => claimProfit(trade, '1', '20')).toThrow(NoProfitToClaimError);
    expect(() => claimProfit(trade, '0.9', '20')).toThrow(NoProfitToClaimError);
  });

  it('property: never credits more than the gain, and the amount and every unit are kept', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n, max: 10n ** 9n }),
        navArb,
        navArb,
        fc.integer({ min: 0, max: 50 }), // a plan's fee is at most 50 %
        (amountCents, entryNav, nav, feePct) => {
          const trade = openTrade({ amountCents, nav: entryNav, now: 0, termDays: 30 });
          const gain = tradeProfitCents(trade, nav);
          if (gain <= 0n) return;
          let claimed: ReturnType<typeof claimProfit>;
          try {
            claimed = claimProfit(trade, nav, String(feePct));
          } catch (error) {
            // Only when the fee would take every cent of a gain of a few cents.
            expect(error).toBeInstanceOf(NoProfitToClaimError);
            expect(gain < 5n).toBe(true);
            return;
          }
          expect(claimed.valueCents).toBe(gain);
          expect(claimed.payoutCents + claimed.feeCents).toBe(gain);
          expect(claimed.feeCents >= 0n && claimed.payoutCents > 0n).toBe(true);
          expect(claimed.trade.amountCents).toBe(amountCents);
          expect(claimed.trade.units.plus(claimed.units).eq(trade.units)).toBe(true);
          // What stays is worth the amount, less at most one cent of unit rounding.
          const left = tradeValueCents(claimed.trade.units, nav);
          expect(left >= amountCents - 1n && left <= amountCents).toBe(true);
        },
      ),
    );
  });
});
