import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { applyOrder } from './orders';
import { grossWeight, strategyEquity, strategyNav } from './strategy';
import { NEW_STRATEGY } from './strategy';
import { cashStrategy, pricesOf } from './test-helpers';

const AT_50K = pricesOf({ BTCUSDT: '50000' });

describe('strategy NAV', () => {
  it('a new strategy: one unit holds one dollar, NAV 1', () => {
    expect(strategyNav(NEW_STRATEGY, AT_50K).toFixed()).toBe('1');
  });

  it('rounds the NAV down to 10 decimals', () => {
    expect(strategyNav(cashStrategy('3.33333333339'), AT_50K).toFixed()).toBe('3.3333333333');
    expect(strategyNav(cashStrategy('-3.33333333331'), AT_50K).toFixed()).toBe('-3.3333333334');
  });

  it('long BTC at 50% of equity, BTC up 10%: NAV 1.05', () => {
    const { state } = applyOrder(
      cashStrategy(),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    );
    expect(state.positions).toHaveLength(1);
    // One unit ($1) puts 50 cents in BTC at 50,000: 0.00001 BTC per unit.
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.00001');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('50000');
    expect(state.cash.toFixed()).toBe('0.5');
    expect(strategyNav(state, pricesOf({ BTCUSDT: '55000' })).toFixed()).toBe('1.05');
  });

  it('long BTC at 50%, BTC down 20%: NAV 0.9', () => {
    const { state } = applyOrder(
      cashStrategy(),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    );
    expect(strategyNav(state, pricesOf({ BTCUSDT: '40000' })).toFixed()).toBe('0.9');
  });

  it('short ETH at 40%, ETH up 10%: P&L per unit = qty × (entry − price) = −0.04, NAV 0.96', () => {
    const { state } = applyOrder(
      cashStrategy(),
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
    const { state } = applyOrder(
      cashStrategy(),
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    );
    expect(strategyNav(state, pricesOf({ ETHUSDT: '1500' })).toFixed()).toBe('1.1');
  });

  it('resize long BTC from 50% down to 25% after a 20% rise: realises profit, NAV unchanged', () => {
    const opened = applyOrder(
      cashStrategy(),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    ).state;
    const at60k = pricesOf({ BTCUSDT: '60000' });
    expect(strategyNav(opened, at60k).toFixed()).toBe('1.1');

    const { state, fills } = applyOrder(
      opened,
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.25' },
      at60k,
    );
    // 0.25 × 1.1 / 60000 = 0.000004583333… → rounded down to 18 decimals
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.000004583333333333');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('50000');
    expect(state.cash.toFixed()).toBe('0.82500000000002');
    expect(fills).toHaveLength(1);
    expect(fills[0]?.quantityDelta.toFixed()).toBe('-0.000005416666666667');
    expect(fills[0]?.realisedPnl.toFixed()).toBe('0.05416666666667');
    expect(strategyEquity(state.cash, state.positions, at60k).toFixed()).toBe('1.1');
    expect(strategyNav(state, at60k).toFixed()).toBe('1.1');
  });

  it('resize long BTC up from 25% to 50%: entry price is the weighted average', () => {
    const opened = applyOrder(
      cashStrategy(),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.25' },
      pricesOf({ BTCUSDT: '40000' }),
    ).state;
    const at50k = pricesOf({ BTCUSDT: '50000' });
    const { state } = applyOrder(
      opened,
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      at50k,
    );
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.000010625');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('44117.6470588235');
    expect(state.cash.toFixed()).toBe('0.53125');
    expect(strategyEquity(state.cash, state.positions, at50k).toFixed()).toBe('1.0625');
  });

  it('resize short ETH up: the averaged entry’s rounding residue goes to cash, equity exact', () => {
    const opened = applyOrder(
      cashStrategy(),
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.2' },
      pricesOf({ ETHUSDT: '2000' }),
    ).state;
    const at1800 = pricesOf({ ETHUSDT: '1800' });
    expect(strategyEquity(opened.cash, opened.positions, at1800).toFixed()).toBe('1.02');
    const { state } = applyOrder(
      opened,
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      at1800,
    );
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.000226666666666666');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('1888.2352941176');
    expect(state.cash.toFixed()).toBe('1.0000000000000107254901960784');
    expect(strategyEquity(state.cash, state.positions, at1800).toFixed()).toBe('1.02');
  });

  it('close (weight 0) after BTC up 20%: all cash, NAV 1.1', () => {
    const opened = applyOrder(
      cashStrategy(),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    ).state;
    const at60k = pricesOf({ BTCUSDT: '60000' });
    const { state, fills } = applyOrder(
      opened,
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0' },
      at60k,
    );
    expect(state.positions).toEqual([]);
    expect(state.cash.toFixed()).toBe('1.1');
    expect(fills[0]?.realisedPnl.toFixed()).toBe('0.1');
    expect(strategyNav(state, pricesOf({})).toFixed()).toBe('1.1');
  });

  it('close a short after ETH down 10%: profit realised into cash', () => {
    const opened = applyOrder(
      cashStrategy(),
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    ).state;
    const { state } = applyOrder(
      opened,
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0' },
      pricesOf({ ETHUSDT: '1800' }),
    );
    expect(state.positions).toEqual([]);
    expect(state.cash.toFixed()).toBe('1.04');
  });

  it('switching long BTC to short BTC closes the long, then opens the short', () => {
    const opened = applyOrder(
      cashStrategy(),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    ).state;
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
