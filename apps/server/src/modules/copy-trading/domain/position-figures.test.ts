import { describe, expect, it } from 'vitest';
import { Dec } from '../../market/domain';
import { positionFigures, type Position } from './strategy';

/** One unit holds 0.00001 BTC bought at 50,000 and 0.0001 ETH shorted at 4,000. */
const btc: Position = {
  symbol: 'BTCUSDT',
  side: 'long',
  quantity: new Dec('0.00001'),
  entryPrice: new Dec('50000'),
};
const eth: Position = {
  symbol: 'ETHUSDT',
  side: 'short',
  quantity: new Dec('0.0001'),
  entryPrice: new Dec('4000'),
};

describe('positionFigures', () => {
  it('a strategy nobody copies: its weight per unit, and nothing at its size of 0 units', () => {
    const figures = positionFigures(btc, new Dec('50000'), new Dec('1'), new Dec(0));
    expect(figures).toMatchObject({ weightPct: '50.00', valueCents: 0n, unrealisedPnl: '0.00' });
    expect(figures.quantityPerUnit.toFixed()).toBe('0.00001');
    expect(figures.quantity.toFixed()).toBe('0');
  });

  it('the same weight at any size; value and profit scale with the units', () => {
    // BTC up 10 %: one unit is worth 0.5 cash + 0.55 BTC = 1.05; the weight 0.55 / 1.05.
    const figures = positionFigures(btc, new Dec('55000'), new Dec('1.05'), new Dec('2500'));
    expect(figures).toMatchObject({
      weightPct: '52.38',
      valueCents: 137_500n,
      unrealisedPnl: '125.00',
    });
    expect(figures.quantity.toFixed()).toBe('0.025');
  });

  it('a short weighs its notional; its profit is the fall, its loss the rise', () => {
    const down = positionFigures(eth, new Dec('3600'), new Dec('1.04'), new Dec('1000'));
    expect(down.weightPct).toBe('34.62');
    expect(down.valueCents).toBe(36_000n);
    expect(down.unrealisedPnl).toBe('40.00');
    const up = positionFigures(eth, new Dec('4400.005'), new Dec('0.96'), new Dec('1000'));
    expect(up.unrealisedPnl).toBe('-40.00');
    // 0.1 ETH × 4,400.005 = $440.0005: rounded down to the cent.
    expect(up.valueCents).toBe(44_000n);
  });

  it('without a price: weight, value and profit 0, never a guess', () => {
    const figures = positionFigures(btc, null, new Dec('1'), new Dec('100'));
    expect(figures).toMatchObject({ weightPct: '0.00', valueCents: 0n, unrealisedPnl: '0.00' });
    expect(figures.quantity.toFixed()).toBe('0.001');
  });
});
