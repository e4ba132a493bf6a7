import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { applyOrder } from './orders';
import { grossWeight, navPerUnit, strategyEquity, strategyNav } from './strategy';
import { fundedStrategy, pricesOf } from './test-helpers';

const AT_50K = pricesOf({ BTCUSDT: '50000' });

describe('strategy NAV', () => {
  it('starts at NAV 1 before any units exist and after the first subscription', () => {
    expect(navPerUnit('0', '0').toFixed()).toBe('1');
    const state = fundedStrategy(10_000);
    expect(state.unitsOutstanding.toFixed()).toBe('10000');
    expect(strategyNav(state, AT_50K).toFixed()).toBe('1');
  });

  it('rounds the NAV down to 10 decimals', () => {
    expect(navPerUnit('10', '3').toFixed()).toBe('3.3333333333');
    expect(navPerUnit('-10', '3').toFixed()).toBe('-3.3333333334');
  });

  it('long BTC at 50% of equity, BTC up 10%: NAV 1.05', () => {
    const { state } = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    );
    expect(state.positions).toHaveLength(1);
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.1');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('50000');
    expect(state.cash.toFixed()).toBe('5000');
    expect(strategyNav(state, pricesOf({ BTCUSDT: '55000' })).toFixed()).toBe('1.05');
  });

  it('long BTC at 50%, BTC down 20%: NAV 0.9', () => {
    const { state } = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    );
    expect(strategyNav(state, pricesOf({ BTCUSDT: '40000' })).toFixed()).toBe('0.9');
  });

  it('short ETH at 40%, ETH up 10%: P&L = qty × (entry − price) = −400, NAV 0.96', () => {
    const { state } = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    );
    expect(state.positions[0]?.quantity.toFixed()).toBe('2');
    expect(state.cash.toFixed()).toBe('10000');
    const up = pricesOf({ ETHUSDT: '2200' });
    expect(strategyEquity(state.cash, state.positions, up).toFixed()).toBe('9600');
    expect(strategyNav(state, up).toFixed()).toBe('0.96');
  });

  it('short ETH at 40%, ETH down 25%: NAV 1.1', () => {
    const { state } = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    );
    expect(strategyNav(state, pricesOf({ ETHUSDT: '1500' })).toFixed()).toBe('1.1');
  });

  it('resize long BTC from 50% down to 25% after a 20% rise: realises profit, NAV unchanged', () => {
    const opened = applyOrder(
      fundedStrategy(10_000),
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
    // 0.25 × 11000 / 60000 = 0.0458333… → 0.04583333 (rounded down to 8 decimals)
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.04583333');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('50000');
    expect(state.cash.toFixed()).toBe('8250.0002');
    expect(fills).toHaveLength(1);
    expect(fills[0]?.quantityDelta.toFixed()).toBe('-0.05416667');
    expect(fills[0]?.realisedPnl.toFixed()).toBe('541.6667');
    expect(strategyEquity(state.cash, state.positions, at60k).toFixed()).toBe('11000');
    expect(strategyNav(state, at60k).toFixed()).toBe('1.1');
  });

  it('resize long BTC up from 25% to 50%: entry price is the weighted average', () => {
    const opened = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.25' },
      pricesOf({ BTCUSDT: '40000' }),
    ).state;
    const at50k = pricesOf({ BTCUSDT: '50000' });
    const { state } = applyOrder(
      opened,
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      at50k,
    );
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.10625');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('44117.6470588235');
    expect(state.cash.toFixed()).toBe('5312.5');
    expect(strategyEquity(state.cash, state.positions, at50k).toFixed()).toBe('10625');
  });

  it('resize short ETH up: the averaged entry’s rounding residue goes to cash, equity exact', () => {
    const opened = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.2' },
      pricesOf({ ETHUSDT: '2000' }),
    ).state;
    const at1800 = pricesOf({ ETHUSDT: '1800' });
    expect(strategyEquity(opened.cash, opened.positions, at1800).toFixed()).toBe('10200');
    const { state } = applyOrder(
      opened,
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      at1800,
    );
    expect(state.positions[0]?.quantity.toFixed()).toBe('2.26666666');
    expect(state.positions[0]?.entryPrice.toFixed()).toBe('1888.2352943772');
    expect(state.cash.toFixed()).toBe('9999.999999999915295848');
    expect(strategyEquity(state.cash, state.positions, at1800).toFixed()).toBe('10200');
  });

  it('close (weight 0) after BTC up 20%: all cash, NAV 1.1', () => {
    const opened = applyOrder(
      fundedStrategy(10_000),
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
    expect(state.cash.toFixed()).toBe('11000');
    expect(fills[0]?.realisedPnl.toFixed()).toBe('1000');
    expect(strategyNav(state, pricesOf({})).toFixed()).toBe('1.1');
  });

  it('close a short after ETH down 10%: profit realised into cash', () => {
    const opened = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.4' },
      pricesOf({ ETHUSDT: '2000' }),
    ).state;
    const { state } = applyOrder(
      opened,
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0' },
      pricesOf({ ETHUSDT: '1800' }),
    );
    expect(state.positions).toEqual([]);
    expect(state.cash.toFixed()).toBe('10400');
  });

  it('switching long BTC to short BTC closes the long, then opens the short', () => {
    const opened = applyOrder(
      fundedStrategy(10_000),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' },
      AT_50K,
    ).state;
    const { state, fills } = applyOrder(
      opened,
      { symbol: 'BTCUSDT', side: 'short', targetWeight: '0.3' },
      pricesOf({ BTCUSDT: '40000' }),
    );
    expect(fills.map((f) => [f.side, f.quantityDelta.toFixed()])).toEqual([
      ['long', '-0.1'],
      ['short', '0.0675'],
    ]);
    expect(state.cash.toFixed()).toBe('9000');
    expect(state.positions[0]).toMatchObject({ side: 'short' });
    expect(state.positions[0]?.quantity.toFixed()).toBe('0.0675');
    expect(grossWeight(state, pricesOf({ BTCUSDT: '40000' })).toFixed()).toBe('0.3');
  });

  it('marks a strategy with several positions to market', () => {
    let state = fundedStrategy(10_000);
    const open = pricesOf({ BTCUSDT: '50000', ETHUSDT: '2000', XRPUSDT: '2.5' });
    state = applyOrder(state, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.3' }, open).state;
    state = applyOrder(
      state,
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.3' },
      open,
    ).state;
    state = applyOrder(state, { symbol: 'XRPUSDT', side: 'long', targetWeight: '0.2' }, open).state;
    const later = pricesOf({ BTCUSDT: '55000', ETHUSDT: '2100', XRPUSDT: '2' });
    // +300 (BTC) −150 (ETH short) −400 (XRP) = −250
    expect(strategyEquity(state.cash, state.positions, later).toFixed()).toBe('9750');
    expect(strategyNav(state, later)).toEqual(new Dec('0.975'));
  });
});
