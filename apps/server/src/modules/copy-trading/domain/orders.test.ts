import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import {
  EquityNotPositiveError,
  InvalidWeightError,
  OrderChangesNothingError,
  OrderUnknownInstrumentError,
  PriceUnavailableError,
  WeightOver100Error,
} from './errors';
import { applyOrder, applyOrders, applyTraderOrder, largestTargetWeight } from './orders';
import { grossWeight, strategyEquity, type StrategyState } from './strategy';
import { cashStrategy, pricesOf } from './test-helpers';

const PRICES = pricesOf({ BTCUSDT: '50000', ETHUSDT: '2000' });

/** The strategy after one order, filled at PRICES. */
function afterOrder(state: StrategyState, order: Parameters<typeof applyOrder>[1]): StrategyState {
  return applyOrder(state, order, PRICES).state;
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

/**
 * `decision` applied as a whole at PRICES, after checking that its order at `index`, applied by
 * itself first, would take the gross weight over 100 %.
 */
function appliedThoughAloneOver100(
  state: StrategyState,
  decision: readonly Parameters<typeof applyOrder>[1][],
  index: number,
) {
  const alone = decision[index];
  if (!alone) throw new Error(`no order ${index} in the decision`);
  expect(codeOf(() => applyOrder(state, alone, PRICES))).toBe('WEIGHT_OVER_100');
  return applyOrders(state, decision, PRICES);
}

describe('order rules', () => {
  it('refuses a second position that takes gross weight to 110% (WEIGHT_OVER_100)', () => {
    const state = afterOrder(cashStrategy(), {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '0.6',
    });
    const order = { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.5' } as const;
    expect(() => applyOrder(state, order, PRICES)).toThrow(WeightOver100Error);
    expect(() => applyOrder(state, order, PRICES)).toThrow('Total gross weight would be 110.00%');
    expect(codeOf(() => applyOrder(state, order, PRICES))).toBe('WEIGHT_OVER_100');
  });

  it('accepts exactly 100% spread over positions', () => {
    let state = cashStrategy();
    state = afterOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.6' });
    state = afterOrder(state, { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' });
    expect(grossWeight(state, PRICES).toFixed()).toBe('1');
  });

  it('refuses a single weight above 1 with WEIGHT_OVER_100', () => {
    expect(
      codeOf(() =>
        applyOrder(
          cashStrategy(100),
          { symbol: 'BTCUSDT', side: 'long', targetWeight: '1.01' },
          PRICES,
        ),
      ),
    ).toBe('WEIGHT_OVER_100');
  });

  it('refuses a negative or non-numeric weight with INVALID_WEIGHT', () => {
    const state = cashStrategy(100);
    expect(() =>
      applyOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: '-0.1' }, PRICES),
    ).toThrow(InvalidWeightError);
    expect(
      codeOf(() =>
        applyOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: 'lots' }, PRICES),
      ),
    ).toBe('INVALID_WEIGHT');
  });

  it('refuses an unknown instrument with UNKNOWN_INSTRUMENT', () => {
    const order = { symbol: 'DOGEUSDT', side: 'long', targetWeight: '0.1' } as const;
    expect(() => applyOrder(cashStrategy(100), order, PRICES)).toThrow(OrderUnknownInstrumentError);
    expect(codeOf(() => applyOrder(cashStrategy(100), order, PRICES))).toBe('UNKNOWN_INSTRUMENT');
  });

  it('refuses to fill without a feed price (PRICE_UNAVAILABLE)', () => {
    const order = { symbol: 'SOLUSDT', side: 'long', targetWeight: '0.1' } as const;
    expect(() => applyOrder(cashStrategy(100), order, PRICES)).toThrow(PriceUnavailableError);
  });

  it('refuses to open a position in a strategy without equity', () => {
    const order = { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.1' } as const;
    const broke = cashStrategy(0);
    expect(() => applyOrder(broke, order, PRICES)).toThrow(EquityNotPositiveError);
    expect(codeOf(() => applyOrder(broke, order, PRICES))).toBe('STRATEGY_EQUITY_NOT_POSITIVE');
  });

  it('always lets a trader reduce risk, even when a losing short has pushed gross weight past 100%', () => {
    let state = cashStrategy();
    state = afterOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' });
    state = afterOrder(state, { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.5' });
    const ethUp = pricesOf({ BTCUSDT: '50000', ETHUSDT: '3000' });
    // per unit: equity 0.75; exposures 0.5 + 0.75 → 166.67 %
    expect(grossWeight(state, ethUp).toFixed(4)).toBe('1.6667');
    expect(
      codeOf(() =>
        // 0.7 × 0.75 / 50000 = 0.0000105 BTC > 0.00001 held: grows exposure, so it is checked
        applyOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.7' }, ethUp),
      ),
    ).toBe('WEIGHT_OVER_100');
    const reduced = applyOrder(
      state,
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.2' },
      ethUp,
    ).state;
    expect(reduced.positions.find((p) => p.symbol === 'ETHUSDT')?.quantity.toFixed()).toBe(
      '0.00005',
    );
  });

  it('applies a rebalance with the reductions first, so it never trips the 100% limit halfway', () => {
    let state = cashStrategy();
    state = afterOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.6' });
    state = afterOrder(state, { symbol: 'ETHUSDT', side: 'long', targetWeight: '0.35' });
    const swap = [
      { symbol: 'ETHUSDT', side: 'long', targetWeight: '0.6' },
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.35' },
    ] as const;
    const { state: after, fills } = appliedThoughAloneOver100(state, swap, 0);
    expect(fills.map((f) => f.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(after.positions.map((p) => [p.symbol, p.quantity.toFixed()])).toEqual([
      ['BTCUSDT', '0.000007'],
      ['ETHUSDT', '0.0003'],
    ]);
  });

  it('runs a side switch that frees room before the order that uses it', () => {
    const state = afterOrder(cashStrategy(), {
      symbol: 'ETHUSDT',
      side: 'short',
      targetWeight: '0.7',
    });
    const decision = [
      { symbol: 'ETHUSDT', side: 'long', targetWeight: '0.5' },
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.45' },
    ] as const;
    // BTC first would meet the 70% short: 115%.
    const { state: after, fills } = appliedThoughAloneOver100(state, decision, 1);
    expect(fills.map((f) => [f.symbol, f.side])).toEqual([
      ['ETHUSDT', 'short'],
      ['ETHUSDT', 'long'],
      ['BTCUSDT', 'long'],
    ]);
    expect(grossWeight(after, PRICES).toFixed()).toBe('0.95');
  });

  it('the largest target weight is what the other positions leave: 40% beside a 60% long', () => {
    const state = afterOrder(cashStrategy(), {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '0.6',
    });
    expect(largestTargetWeight(state, 'ETHUSDT', PRICES).toFixed()).toBe('0.4');
    expect(largestTargetWeight(state, 'BTCUSDT', PRICES).toFixed()).toBe('1');
    expect(largestTargetWeight(cashStrategy(0), 'BTCUSDT', PRICES).toFixed()).toBe('0');
  });

  it('closing the side not held (short BTC at 0 while long) leaves the long alone', () => {
    const state = afterOrder(cashStrategy(), {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '0.5',
    });
    const result = applyOrder(
      state,
      { symbol: 'BTCUSDT', side: 'short', targetWeight: '0' },
      PRICES,
    );
    expect(result.fills).toEqual([]);
    expect(result.state).toBe(state);
  });

  it('applies nothing when any order in a decision is invalid', () => {
    const orders = [
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.3' },
      { symbol: 'NOPE', side: 'long', targetWeight: '0.3' },
    ] as const;
    expect(() => applyOrders(cashStrategy(100), orders, PRICES)).toThrow(
      OrderUnknownInstrumentError,
    );
  });
});

describe("a lead trader's own order", () => {
  const shortEth = afterOrder(cashStrategy(), {
    symbol: 'ETHUSDT',
    side: 'short',
    targetWeight: '0.4',
  });

  it('weight 0 closes the short held even when the order says long', () => {
    const result = applyTraderOrder(
      shortEth,
      { symbol: 'ETHUSDT', side: 'long', targetWeight: '0' },
      PRICES,
    );
    expect(result.state.positions).toEqual([]);
    expect(result.fills).toHaveLength(1);
    expect(result.fills[0]).toMatchObject({ symbol: 'ETHUSDT', side: 'short' });
    expect(result.fills[0]?.quantityDelta.toFixed()).toBe('-0.0002');
  });

  it('refuses an order that changes nothing with ORDER_CHANGES_NOTHING', () => {
    const closeNothing = { symbol: 'BTCUSDT', side: 'long', targetWeight: '0' } as const;
    expect(codeOf(() => applyTraderOrder(shortEth, closeNothing, PRICES))).toBe(
      'ORDER_CHANGES_NOTHING',
    );
    const same = { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' } as const;
    expect(() => applyTraderOrder(shortEth, same, PRICES)).toThrow(OrderChangesNothingError);
  });
});

describe('order properties', () => {
  const orderArb = fc.record({
    symbol: fc.constantFrom('BTCUSDT', 'ETHUSDT', 'XRPUSDT'),
    side: fc.constantFrom('long' as const, 'short' as const),
    targetWeight: fc.integer({ min: 0, max: 100 }).map((w) => new Dec(w).div(100).toFixed()),
  });
  const priceArb = fc
    .integer({ min: 1, max: 10_000_000 })
    .map((c) => new Dec(c).div(100).toFixed());

  it('a fill at the market price never changes equity, and accepted orders respect 100% gross', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(orderArb, priceArb, priceArb, priceArb), { minLength: 1, maxLength: 12 }),
        (steps) => {
          let state = cashStrategy();
          for (const [order, btc, eth, xrp] of steps) {
            const prices = pricesOf({ BTCUSDT: btc, ETHUSDT: eth, XRPUSDT: xrp });
            const before = strategyEquity(state.cash, state.positions, prices);
            if (before.lte(0)) return;
            let next: StrategyState;
            try {
              next = applyOrder(state, order, prices).state;
            } catch (error) {
              expect((error as { code?: string }).code).toBe('WEIGHT_OVER_100');
              continue;
            }
            expect(strategyEquity(next.cash, next.positions, prices).eq(before)).toBe(true);
            const held = next.positions.find((p) => p.symbol === order.symbol);
            if (new Dec(order.targetWeight).isZero()) {
              // Weight 0 closes the ordered side and leaves the other side alone.
              const previous = state.positions.find((p) => p.symbol === order.symbol);
              expect(held).toEqual(previous?.side === order.side ? undefined : previous);
            } else if (held) {
              // The held side is the ordered one, and rounding down never exceeds the target.
              expect(held.side).toBe(order.side);
              const exposure = held.quantity.times(prices.get(held.symbol) ?? 0);
              expect(exposure.lte(before.times(order.targetWeight))).toBe(true);
            } else {
              // Nothing held: the target rounded below one quantity step.
              const price = new Dec(prices.get(order.symbol) ?? 1);
              expect(before.times(order.targetWeight).div(price).lt('0.00000001')).toBe(true);
            }
            state = next;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('largestTargetWeight and the validation agree: an order at it is accepted, one step above is refused', () => {
    const step = new Dec('1e-18');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(orderArb, priceArb, priceArb, priceArb), { minLength: 1, maxLength: 8 }),
        orderArb,
        (steps, last) => {
          let state = cashStrategy();
          let prices = PRICES;
          for (const [order, btc, eth, xrp] of steps) {
            prices = pricesOf({ BTCUSDT: btc, ETHUSDT: eth, XRPUSDT: xrp });
            try {
              state = applyOrder(state, order, prices).state;
            } catch {
              // refused or broke: the book stays as it was
            }
          }
          const symbol = last.symbol;
          const largest = largestTargetWeight(state, symbol, prices);
          const at = { ...last, targetWeight: largest };
          if (largest.gt(0)) expect(() => applyOrder(state, at, prices)).not.toThrow();
          const above = largest.plus(step);
          if (above.gt(1)) return;
          // Above it, an order is refused, or goes through only because it does not grow the position.
          let next: StrategyState;
          try {
            next = applyOrder(state, { ...last, targetWeight: above }, prices).state;
          } catch (error) {
            const broke = strategyEquity(state.cash, state.positions, prices).lte(0);
            expect((error as { code?: string }).code).toBe(
              broke ? 'STRATEGY_EQUITY_NOT_POSITIVE' : 'WEIGHT_OVER_100',
            );
            return;
          }
          const held = state.positions.find((p) => p.symbol === symbol);
          const after = next.positions.find((p) => p.symbol === symbol);
          if (after) {
            expect(after.side).toBe(held?.side);
            expect(after.quantity.lte(held?.quantity ?? 0)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
