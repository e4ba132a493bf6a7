import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { InsufficientUnitsError, InvalidAmountError, NavNotPositiveError } from './errors';
import { applyOrder } from './orders';
import { strategyEquity, strategyNav, type StrategyState } from './strategy';
import {
  redeemFromStrategy,
  redeemValueCents,
  subscribeToStrategy,
  unitsForAmount,
} from './subscriptions';
import { fundedStrategy, pricesOf } from './test-helpers';

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

describe('investor cash entering and leaving a strategy', () => {
  const AT_50K = pricesOf({ BTCUSDT: '50000' });
  const halfInBtc = (): StrategyState =>
    applyOrder(
      fundedStrategy(10_000),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    ).state;

  it('a $1,000 subscription grows cash, units and every position by 10%; NAV stays 1', () => {
    const { state, units, nav, fills } = subscribeToStrategy(halfInBtc(), 100_000n, AT_50K);
    expect(nav.toFixed()).toBe('1');
    expect(units.toFixed()).toBe('1000');
    expect(state.unitsOutstanding.toFixed()).toBe('11000');
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.11');
    expect(state.cash.toFixed()).toBe('5500');
    expect(fills.map((f) => f.quantityDelta.toFixed())).toEqual(['0.01']);
    expect(strategyNav(state, AT_50K).toFixed()).toBe('1');
  });

  it('redeeming 10% of units after BTC +10% pays $1,155.00 and keeps NAV at 1.05', () => {
    const subscribed = subscribeToStrategy(halfInBtc(), 100_000n, AT_50K).state;
    const at55k = pricesOf({ BTCUSDT: '55000' });
    const { state, valueCents, nav } = redeemFromStrategy(subscribed, '1100', at55k);
    expect(nav.toFixed()).toBe('1.05');
    expect(valueCents).toBe(115_500n);
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.099');
    expect(state.cash.toFixed()).toBe('4950');
    expect(state.unitsOutstanding.toFixed()).toBe('9900');
    expect(strategyNav(state, at55k).toFixed()).toBe('1.05');
  });

  it('the last holder leaving closes every position', () => {
    const { state, valueCents } = redeemFromStrategy(
      halfInBtc(),
      '10000',
      pricesOf({ BTCUSDT: '40000' }),
    );
    expect(valueCents).toBe(900_000n);
    expect(state.positions).toEqual([]);
    expect(state.cash.toFixed()).toBe('0');
  });

  it('refuses to redeem more units than are outstanding', () => {
    expect(() => redeemFromStrategy(halfInBtc(), '10000.00000001', AT_50K)).toThrow(
      InsufficientUnitsError,
    );
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

  it('through a strategy with positions: subscribe, redeem the same units, never more back; NAV never lowered', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.constantFrom('long', 'short'),
        fc.integer({ min: 0, max: 100 }).map((w) => new Dec(w).div(100).toFixed()),
        priceArb(1, 100_000, 2),
        priceArb(1, 100_000, 2),
        (capital, amountCents, side, weight, openPrice, laterPrice) => {
          const open = pricesOf({ BTCUSDT: openPrice });
          const later = pricesOf({ BTCUSDT: laterPrice });
          const start = applyOrder(
            fundedStrategy(capital),
            { symbol: 'BTCUSDT', side, targetWeight: weight },
            open,
          ).state;
          if (strategyEquity(start.cash, start.positions, later).lte(0)) return;
          const navBefore = strategyNav(start, later);
          const joined = subscribeToStrategy(start, amountCents, later);
          expect(strategyNav(joined.state, later).gte(navBefore)).toBe(true);
          const left = redeemFromStrategy(joined.state, joined.units, later);
          expect(left.valueCents <= amountCents).toBe(true);
          expect(strategyNav(left.state, later).gte(navBefore)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
