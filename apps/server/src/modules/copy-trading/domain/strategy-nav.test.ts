import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { applyOrder } from './orders';
import {
  grossWeight,
  strategyEquity,
  strategyNav,
  type PriceMap,
  type StrategyState,
} from './strategy';
import { NEW_STRATEGY } from './strategy';
import { afterFirstOrder, cashStrategy, pricesOf } from './test-helpers';

const AT_50K = pricesOf({ BTCUSDT: '50000' });

/** The strategy's one position resized to `targetWeight` (0 closes it) at `prices`. */
function resize(state: StrategyState, targetWeight: string, prices: PriceMap) {
  const [position] = state.positions;
  if (!position) throw new Error('no position to resize');
  return applyOrder(state, { symbol: position.symbol, side: position.side, targetWeight }, prices);
}

/** The one position's quantity and entry price, the cash, and the equity at `prices`. */
function figuresAt(state: StrategyState, prices: PriceMap) {
  return {
    quantity: state.positions[0]?.quantity.toFixed(),
    entryPrice: state.positions[0]?.entryPrice.toFixed(),
    cash: state.cash.toFixed(),
    equity: strategyEquity(state.cash, state.positions, prices).toFixed(),
  };
}

describe('strategy NAV', () => {
  it('a new strategy: one unit holds one dollar, NAV 1', () => {
    expect(strategyNav(NEW_STRATEGY, AT_50K).toFixed()).toBe('1');
  });

  it('rounds the NAV down to 10 decimals', () => {
    expect(strategyNav(cashStrategy('3.33333333339'), AT_50K).toFixed()).toBe('3.3333333333');
    expect(strategyNav(cashStrategy('-3.33333333331'), AT_50K).toFixed()).toBe('-3.3333333334');
  });

  it('long BTC at 50% of equity, BTC up 10%: NAV 1.05', () => {
    const state = afterFirstOrder({ symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' }, AT_50K);
    expect(state.positions).toHaveLength(1);
    // One unit ($1) puts 50 cents in BTC at 50,000: 0.00001 BTC per unit.
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.00001');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('50000');
    expect(state.cash.toFixed()).toBe('0.5');
    expect(strategyNav(state, pricesOf({ BTCUSDT: '55000' })).toFixed()).toBe('1.05');
  });

  it('long BTC at 50%, BTC down 20%: NAV 0.9', () => {
    const state = afterFirstOrder({ symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' }, AT_50K);
    expect(strategyNav(state, pricesOf({ BTCUSDT: '40000' })).toFixed()).toBe('0.9');
  });

  it('short ETH at 40%, ETH up 10%: P&L per unit = qty × (entry − price) = −0.04, NAV 0.96', () => {
    const state = afterFirstOrder(
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    );
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.0002');
    expect(state.cash.toFixed()).toBe('1');
    const up = pricesOf({ ETHUSDT: '2200' });
    expect(strategyEquity(state.cash, state.positions, up).toFixed()).toBe('0.96');
    expect(strategyNav(state, up).toFixed()).toBe('0.96');
  });

  it('short ETH at 40%, ETH down 25%: NAV 1.1', () => {
    const state = afterFirstOrder(
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    );
    expect(strategyNav(state, pricesOf({ ETHUSDT: '1500' })).toFixed()).toBe('1.1');
  });

  it('resize long BTC from 50% down to 25% after a 20% rise: realises profit, NAV unchanged', () => {
    const opened = afterFirstOrder(
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    );
    const at60k = pricesOf({ BTCUSDT: '60000' });
    expect(strategyNav(opened, at60k).toFixed()).toBe('1.1');

    const { state, fills } = resize(opened, '0.25', at60k);
    // 0.25 × 1.1 / 60000 = 0.000004583333… → rounded down to 18 decimals
    expect(fills).toHaveLength(1);
    expect(fills[0]?.quantityDelta.toFixed()).toBe('-0.000005416666666667');
    expect(fills[0]?.realisedPnl.toFixed()).toBe('0.05416666666667');
    expect(figuresAt(state, at60k)).toEqual({
      quantity: '0.000004583333333333',
      entryPrice: '50000',
      cash: '0.82500000000002',
      equity: '1.1',
    });
    expect(strategyNav(state, at60k).toFixed()).toBe('1.1');
  });

  it('resize long BTC up from 25% to 50%: entry price is the weighted average', () => {
    const opened = afterFirstOrder(
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.25' },
      pricesOf({ BTCUSDT: '40000' }),
    );
    const at50k = pricesOf({ BTCUSDT: '50000' });
    const { state } = resize(opened, '0.5', at50k);
    expect(figuresAt(state, at50k)).toEqual({
      quantity: '0.000010625',
      entryPrice: '44117.6470588235',
      cash: '0.53125',
      equity: '1.0625',
    });
  });

  it('resize short ETH up: the averaged entry’s rounding residue goes to cash, equity exact', () => {
    const opened = afterFirstOrder(
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.2' },
      pricesOf({ ETHUSDT: '2000' }),
    );
    const at1800 = pricesOf({ ETHUSDT: '1800' });
    expect(strategyEquity(opened.cash, opened.positions, at1800).toFixed()).toBe('1.02');
    const { state } = resize(opened, '0.4', at1800);
    expect(figuresAt(state, at1800)).toEqual({
      quantity: '0.000226666666666666',
      entryPrice: '1888.2352941176',
      cash: '1.0000000000000107254901960784',
      equity: '1.02',
    });
  });

  it('close (weight 0) after BTC up 20%: all cash, NAV 1.1', () => {
    const opened = afterFirstOrder(
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    );
    const at60k = pricesOf({ BTCUSDT: '60000' });
    const { state, fills } = resize(opened, '0', at60k);
    expect(state.positions).toEqual([]);
    expect(state.cash.toFixed()).toBe('1.1');
    expect(fills[0]?.realisedPnl.toFixed()).toBe('0.1');
    expect(strategyNav(state, pricesOf({})).toFixed()).toBe('1.1');
  });

  it('close a short after ETH down 10%: profit realised into cash', () => {
    const opened = afterFirstOrder(
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    );
    const { state } = resize(opened, '0', pricesOf({ ETHUSDT: '1800' }));
    expect(state.positions).toEqual([]);
    expect(state.cash.toFixed()).toBe('1.04');
  });

  it('switching long BTC to short BTC closes the long, then opens the short', () => {
    const opened = afterFirstOrder(
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    );
    const { state, fills } = applyOrder(
      opened,
      { symbol: 'BTCUSDT', side: 'short', targetWeight: '0.3' },
      pricesOf({ BTCUSDT: '40000' }),
    );
    expect(fills.map((f) => [f.side, f.quantityDelta.toFixed()])).toEqual([
      ['long', '-0.00001'],
      ['short', '0.00000675'],
    ]);
    expect(state.cash.toFixed()).toBe('0.9');
    expect(state.positions[0]).toMatchObject({ side: 'short' });
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.00000675');
    expect(grossWeight(state, pricesOf({ BTCUSDT: '40000' })).toFixed()).toBe('0.3');
  });

  it('marks a strategy with several positions to market', () => {
    let state = cashStrategy();
    const open = pricesOf({ BTCUSDT: '50000', ETHUSDT: '2000', XRPUSDT: '2.5' });
    state = applyOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.3' }, open).state;
    state = applyOrder(
      state,
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.3' },
      open,
    ).state;
    state = applyOrder(state, { symbol: 'XRPUSDT', side: 'long', targetWeight: '0.2' }, open).state;
    const later = pricesOf({ BTCUSDT: '55000', ETHUSDT: '2100', XRPUSDT: '2' });
    // per unit: +0.03 (BTC) −0.015 (ETH short) −0.04 (XRP) = −0.025
    expect(strategyEquity(state.cash, state.positions, later).toFixed()).toBe('0.975');
    expect(strategyNav(state, later)).toEqual(new Dec('0.975'));
  });
});
