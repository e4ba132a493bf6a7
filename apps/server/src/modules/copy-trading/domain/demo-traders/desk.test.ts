import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, Dec, type InstrumentSymbol } from '../../../market/domain';
import { WeightOver100Error } from '../errors';
import { applyOrder, applyOrders, type TargetWeightOrder } from '../orders';
import {
  grossExposure,
  grossWeight,
  strategyEquity,
  type Position,
  type PriceMap,
  type StrategyState,
} from '../strategy';
import { afterFirstOrder, cashStrategy, pricesOf } from '../test-helpers';
import type { Bar, BarHistory } from './bars';
import { executeDecision, scaleToFit } from './desk';
import { DEMO_TRADERS, demoDecision } from './index';

const quantity = (state: StrategyState, symbol: string) =>
  state.positions.find((p) => p.symbol === symbol)?.quantity.toFixed();

/** Per unit: $1, short XRP 40% at $2, which has since risen to $3: equity 0.8, XRP 0.6 (75%). */
function losingShort(): { state: StrategyState; prices: PriceMap } {
  const state = afterFirstOrder(
    { symbol: 'XRPUSDT', side: 'short', targetWeight: '0.4' },
    pricesOf({ XRPUSDT: '2' }),
  );
  return { state, prices: pricesOf({ XRPUSDT: '3', SOLUSDT: '100', BTCUSDT: '50000' }) };
}

describe('demo desk', () => {
  it('scales a 40% leg to the 25% a losing short leaves, where the order as decided is refused (115%)', () => {
    const { state, prices } = losingShort();
    const decision = [{ symbol: 'SOLUSDT', side: 'long', targetWeight: '0.4' }] as const;
    expect(() => applyOrders(state, decision, prices)).toThrow(new WeightOver100Error('115.00'));
    const { state: after } = executeDecision(state, decision, prices);
    // 0.25 × equity 0.8 / $100
    expect(quantity(after, 'SOLUSDT')).toBe('0.002');
    expect(grossWeight(after, prices).toFixed()).toBe('1');
  });

  it('scales every order of a decision by one factor: 45% and 30% in the 30% left become 18% and 12%', () => {
    const state = afterFirstOrder(
      { symbol: 'SOLUSDT', side: 'long', targetWeight: '0.7' },
      pricesOf({ SOLUSDT: '100' }),
    );
    const prices = pricesOf({ SOLUSDT: '100', BTCUSDT: '50000', ETHUSDT: '2000' });
    const decision: TargetWeightOrder[] = [
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.45' },
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.3' },
    ];
    expect(scaleToFit(state, decision, prices)).toEqual([
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.18' },
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.12' },
    ]);
    const { state: after } = executeDecision(state, decision, prices);
    expect(quantity(after, 'BTCUSDT')).toBe('0.0000036');
    expect(quantity(after, 'ETHUSDT')).toBe('0.00006');
    expect(grossWeight(after, prices).toFixed()).toBe('1');
  });

  it('runs a decision that fits exactly as decided', () => {
    const { state, prices } = losingShort();
    const decision = [
      { symbol: 'XRPUSDT', side: 'short', targetWeight: '0' },
      { symbol: 'SOLUSDT', side: 'long', targetWeight: '0.4' },
    ] as const;
    expect(scaleToFit(state, decision, prices)).toEqual(decision);
    expect(executeDecision(state, decision, prices)).toEqual(applyOrders(state, decision, prices));
  });

  it('with no room left for the side asked, still closes the other side held', () => {
    // Short XRP at 75% of equity, long SOL at 25%: gross 100 %, nothing left for BTC long.
    const { state: shortXrp, prices } = losingShort();
    const full = executeDecision(
      shortXrp,
      [{ symbol: 'SOLUSDT', side: 'long', targetWeight: '0.25' }],
      prices,
    ).state;
    const held = applyOrder(
      full,
      { symbol: 'BTCUSDT', side: 'short', targetWeight: '0' },
      prices,
    ).state;
    expect(grossWeight(held, prices).toFixed()).toBe('1');
    const soldOut = executeDecision(
      held,
      [{ symbol: 'SOLUSDT', side: 'short', targetWeight: '0.4' }],
      pricesOf({ XRPUSDT: '3.4', SOLUSDT: '100', BTCUSDT: '50000' }),
    );
    // XRP up again: 0.2 × 3.4 = 0.68 of equity 0.72 leaves 0.04 for SOL, on the short side.
    expect(soldOut.state.positions.map((p) => [p.symbol, p.side])).toEqual([
      ['SOLUSDT', 'short'],
      ['XRPUSDT', 'short'],
    ]);
    const noRoom = executeDecision(
      soldOut.state,
      [{ symbol: 'SOLUSDT', side: 'long', targetWeight: '0.4' }],
      pricesOf({ XRPUSDT: '3.6', SOLUSDT: '100', BTCUSDT: '50000' }),
    );
    // XRP 0.72 ≥ equity 0.68: no room; the SOL short is closed, no long opened.
    expect(noRoom.state.positions.map((p) => p.symbol)).toEqual(['XRPUSDT']);
    expect(noRoom.fills.map((f) => [f.symbol, f.side, f.quantityDelta.isNeg()])).toEqual([
      ['SOLUSDT', 'short', true],
    ]);
  });

  it('without equity, closes what it is told to and opens nothing', () => {
    const { state } = losingShort();
    const broke = pricesOf({ XRPUSDT: '7', SOLUSDT: '100' }); // 1 + 0.2 × (2 − 7) = 0
    expect(strategyEquity(state.cash, state.positions, broke).toFixed()).toBe('0');
    const result = executeDecision(
      state,
      [
        { symbol: 'XRPUSDT', side: 'long', targetWeight: '0.4' },
        { symbol: 'SOLUSDT', side: 'long', targetWeight: '0.4' },
      ],
      broke,
    );
    expect(result.state.positions).toEqual([]);
    expect(result.fills.map((f) => f.symbol)).toEqual(['XRPUSDT']);
  });
});

// Properties ------------------------------------------------------------------------------------

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'] as const satisfies InstrumentSymbol[];
const ENTRY: Record<(typeof SYMBOLS)[number], string> = {
  BTCUSDT: '50000',
  ETHUSDT: '2000',
  SOLUSDT: '100',
  XRPUSDT: '2',
};

/** A price moved by a factor from 0.2× to 5× (2 decimals of the factor). */
const moveArb = fc.integer({ min: 20, max: 500 }).map((pct) => new Dec(pct).div(100));
const weightArb = fc.integer({ min: 0, max: 100 }).map((w) => new Dec(w).div(100).toFixed());
const sideArb = fc.constantFrom('long' as const, 'short' as const);

/**
 * A strategy that took positions of up to 80% each at ENTRY prices (gross up to 100% then), and
 * the prices since: anything from a book well inside the limit to one far past it, or broke.
 */
const bookArb = fc
  .record({
    held: fc.array(
      fc.tuple(fc.constantFrom(...SYMBOLS), sideArb, fc.integer({ min: 1, max: 80 })),
      {
        maxLength: 4,
      },
    ),
    moves: fc.tuple(moveArb, moveArb, moveArb, moveArb),
  })
  .map(({ held, moves }) => {
    let budget = 100;
    let cash = new Dec(1);
    const positions: Position[] = [];
    for (const [symbol, side, pct] of held) {
      if (positions.some((p) => p.symbol === symbol) || pct > budget) continue;
      budget -= pct;
      const entryPrice = new Dec(ENTRY[symbol]);
      const quantity = new Dec(pct).div(100).div(entryPrice);
      if (side === 'long') cash = cash.minus(quantity.times(entryPrice));
      positions.push({ symbol, side, quantity, entryPrice });
    }
    const prices = new Map<InstrumentSymbol, Dec>(
      SYMBOLS.map((symbol, i) => [symbol, new Dec(ENTRY[symbol]).times(moves[i] as Dec)]),
    );
    return { state: { cash, positions }, prices };
  });

const decisionArb = fc.uniqueArray(
  fc.record({ symbol: fc.constantFrom(...SYMBOLS), side: sideArb, targetWeight: weightArb }),
  { selector: (order) => order.symbol, maxLength: 4 },
);

/** Whether the desk kept the limit: a book it grew is within 100% gross. */
function grewWithinLimit(before: StrategyState, after: StrategyState, prices: PriceMap): boolean {
  const grew = after.positions.some((p) => {
    const was = before.positions.find((b) => b.symbol === p.symbol);
    return !was || was.side !== p.side || p.quantity.gt(was.quantity);
  });
  return !grew || grossWeight(after, prices).lte(1);
}

describe('demo desk properties', () => {
  it('never sends an order the strategy refuses, keeps the limit whenever it adds risk, and runs a decision that fits as decided', () => {
    fc.assert(
      fc.property(bookArb, decisionArb, ({ state, prices }, decision) => {
        const result = executeDecision(state, decision, prices);
        expect(grewWithinLimit(state, result.state, prices)).toBe(true);
        const equity = strategyEquity(state.cash, state.positions, prices);
        const asked = decision.reduce((sum, o) => sum.plus(o.targetWeight), new Dec(0));
        if (equity.gt(0) && grossExposure(state.positions, prices).div(equity).plus(asked).lte(1)) {
          expect(result).toEqual(applyOrders(state, decision, prices));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('each demo trader, live: decisions on drawn hourly paths filled at drawn feed prices never fail', () => {
    const start = Date.UTC(2025, 6, 1);
    // Hourly moves up to ±8 % (far wilder than the simulated market), fills within ±3 % of the close.
    const pathArb = fc.record({
      steps: fc.array(fc.integer({ min: -80, max: 80 }), { minLength: 30, maxLength: 60 }),
      slips: fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 60, maxLength: 60 }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...DEMO_TRADERS),
        fc.array(pathArb, { minLength: 1, maxLength: 6 }),
        (trader, paths) => {
          // One path per instrument the trader uses (the last repeated if it uses more).
          const series = new Map<InstrumentSymbol, Bar[]>();
          trader.symbols.forEach((symbol, i) => {
            const { steps } = paths[Math.min(i, paths.length - 1)] as (typeof paths)[number];
            let close = new Dec(1000);
            series.set(
              symbol,
              steps.map((step, k) => {
                close = close.times(new Dec(1000).plus(step).div(1000)).toDecimalPlaces(2);
                return { at: start + (k + 1) * HOUR_MS, close: close.toFixed() };
              }),
            );
          });
          const length = Math.min(...[...series.values()].map((bars) => bars.length));
          let state = cashStrategy();
          for (let k = 1; k <= length; k++) {
            const now = start + k * HOUR_MS;
            const view: BarHistory = new Map(
              [...series].map(([symbol, bars]) => [
                symbol,
                bars.slice(Math.max(0, k - trader.lookbackBars), k),
              ]),
            );
            const slips = (paths[0] as (typeof paths)[number]).slips;
            const prices = new Map<InstrumentSymbol, Dec>(
              [...view].map(([symbol, bars]) => [
                symbol,
                new Dec((bars.at(-1) as Bar).close)
                  .times(new Dec(1000).plus(slips[k - 1] ?? 0).div(1000))
                  .toDecimalPlaces(2),
              ]),
            );
            const after = demoDecision(trader, view, state, now, prices).state;
            expect(grewWithinLimit(state, after, prices)).toBe(true);
            state = after;
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
