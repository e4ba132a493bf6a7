import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { InvalidAmountError, NavNotPositiveError } from './errors';
import { QUANTITY_DECIMALS, roundNav } from './precision';
import { strategyEquity, strategyNav, unitOfPool, type Position } from './strategy';
import { redeemValueCents, unitsForAmount } from './subscriptions';
import { afterFirstOrder, pricesOf } from './test-helpers';

describe('units on entry and value on exit', () => {
  it('$1,000 at NAV 1 buys 1000 units worth exactly $1,000', () => {
    expect(unitsForAmount(100_000n, '1').toFixed()).toBe('1000');
    expect(redeemValueCents('1000', '1')).toBe(100_000n);
  });

  it('$1,000 at NAV 1.05 buys 952.38095238 units (rounded down); leaving at once returns $999.99', () => {
    const units = unitsForAmount(100_000n, '1.05');
    expect(units.toFixed()).toBe('952.38095238');
    // 952.38095238 × 1.05 = 999.999999999 → 99999 cents: never more than was put in
    expect(redeemValueCents(units, '1.05')).toBe(99_999n);
  });

  it('the same units exit at NAV 1.26 worth $1,199.99', () => {
    expect(redeemValueCents('952.38095238', '1.26')).toBe(119_999n);
  });

  it('a value never goes below zero, even at a negative NAV', () => {
    expect(redeemValueCents('100', '-0.5')).toBe(0n);
  });

  it('refuses a zero amount and a non-positive NAV', () => {
    expect(() => unitsForAmount(0n, '1')).toThrow(InvalidAmountError);
    expect(() => unitsForAmount(100n, '0')).toThrow(NavNotPositiveError);
  });
});

const priceArb = (min: number, max: number, decimals: number) =>
  fc
    .integer({ min: min * 10 ** decimals, max: max * 10 ** decimals })
    .map((ticks) => new Dec(ticks).div(10 ** decimals).toFixed());

describe('subscription properties', () => {
  it('subscribing then redeeming at once never returns more than was put in', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        priceArb(0, 1000, 10).filter((nav) => nav !== '0'),
        (amountCents, nav) => {
          const value = redeemValueCents(unitsForAmount(amountCents, nav), nav);
          expect(value <= amountCents).toBe(true);
          // …and loses at most a cent plus the value of one 10^-8 unit step.
          const dust = new Dec(nav).times('0.000001').ceil();
          expect(amountCents - value <= 1n + BigInt(dust.toFixed())).toBe(true);
        },
      ),
    );
  });
});

describe('followers never move the strategy', () => {
  it('many followers invest and close at one NAV: the unit is untouched, nobody gets more than they paid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long', 'short'),
        fc.integer({ min: 0, max: 100 }).map((w) => new Dec(w).div(100).toFixed()),
        priceArb(1, 100_000, 2),
        priceArb(1, 100_000, 2),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 10n }), { minLength: 1, maxLength: 50 }),
        (side, weight, openPrice, laterPrice, amounts) => {
          const unit = afterFirstOrder(
            { symbol: 'BTCUSDT', side, targetWeight: weight },
            pricesOf({ BTCUSDT: openPrice }),
          );
          const later = pricesOf({ BTCUSDT: laterPrice });
          if (strategyEquity(unit.cash, unit.positions, later).lte(0)) return;
          const nav = strategyNav(unit, later);
          const snapshot = JSON.stringify(unit);
          for (const amount of amounts) {
            const units = unitsForAmount(amount, nav);
            expect(redeemValueCents(units, nav) <= amount).toBe(true);
          }
          // Units are the followers' alone: the unit portfolio (and so the NAV) did not change.
          expect(JSON.stringify(unit)).toBe(snapshot);
          expect(strategyNav(unit, later).equals(nav)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the migration from the pooled strategy (0015)', () => {
  const AT = pricesOf({ BTCUSDT: '61234.56', ETHUSDT: '2345.67' });

  it('a pool of 12,345.678 units maps to one unit with the same NAV', () => {
    const positions: Position[] = [
      {
        symbol: 'BTCUSDT',
        side: 'long',
        quantity: new Dec('0.98765432'),
        entryPrice: new Dec('60000'),
      },
      { symbol: 'ETHUSDT', side: 'short', quantity: new Dec('2.5'), entryPrice: new Dec('2400') },
    ];
    const pool = { cash: new Dec('7654.3210987654321'), positions, unitsOutstanding: '12345.678' };
    const poolNav = roundNav(
      strategyEquity(pool.cash, pool.positions, AT).div(pool.unitsOutstanding),
    );
    const unit = unitOfPool(pool, '1');
    expect(unit.positions[0]?.quantity.decimalPlaces()).toBeLessThanOrEqual(QUANTITY_DECIMALS);
    expect(strategyNav(unit, AT).toFixed()).toBe(poolNav.toFixed());
    // (7654.3210987654321 + 0.98765432 × 61234.56 + 2.5 × (2400 − 2345.67)) / 12345.678
    expect(poolNav.toFixed()).toBe('5.5297670825');
  });

  it('a pool without units keeps its last NAV', () => {
    const unit = unitOfPool({ cash: '0.004', positions: [], unitsOutstanding: '0' }, '1.2345');
    expect(strategyNav(unit, AT).toFixed()).toBe('1.2345');
  });

  it("any pool: the unit's NAV is the pool's, or one NAV step (10^-10) below it, never above", () => {
    fc.assert(
      fc.property(
        priceArb(0, 1_000_000, 10),
        fc.integer({ min: 1, max: 10 ** 8 }).map((q) => new Dec(q).div(10 ** 4)),
        fc.constantFrom('long', 'short'),
        priceArb(1, 100_000, 2),
        priceArb(1, 100_000, 2),
        priceArb(1, 10_000_000, 8).filter((u) => new Dec(u).gt(0)),
        (cash, quantity, side, entry, price, units) => {
          const pool = {
            cash,
            positions: [{ symbol: 'BTCUSDT' as const, side, quantity, entryPrice: new Dec(entry) }],
            unitsOutstanding: units,
          };
          const prices = pricesOf({ BTCUSDT: price });
          const equity = strategyEquity(pool.cash, pool.positions, prices);
          if (equity.lte(0)) return;
          const poolNav = roundNav(equity.div(units));
          const unitNav = strategyNav(unitOfPool(pool, '1'), prices);
          expect(unitNav.lte(poolNav)).toBe(true);
          expect(poolNav.minus(unitNav).lte('0.0000000001')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
