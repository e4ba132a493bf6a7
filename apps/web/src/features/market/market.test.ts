import type { TickerList } from '@app/shared/schemas/market';
import { describe, expect, it } from 'vitest';
import { applyPrices } from './api';
import { mergeLivePrice, toChartBar } from './candles';
import {
  formatCount,
  formatDecimal,
  formatPct,
  formatPrice,
  formatQuantityPerUnit,
  formatSignedDecimal,
  formatSignedPct,
  formatTrimmed,
  formatUnits,
  roundDecimal,
  signAsShown,
} from './decimal';

describe('decimal text for display', () => {
  it('rounds half away from zero on the text, not through a float', () => {
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect(roundDecimal('-1.005', 2)).toBe('-1.01');
    expect(roundDecimal('2.2974', 2)).toBe('2.30');
    expect(roundDecimal('-0.004', 2)).toBe('0.00');
    expect(roundDecimal('abc', 2)).toBeNull();
  });

  it('shows prices with grouping, 2 decimals from 10 up and 4 below', () => {
    expect(formatPrice('34587.4')).toBe('34,587.40');
    expect(formatPrice('71.826')).toBe('71.83');
    expect(formatPrice('2.29745')).toBe('2.2975');
    expect(formatPrice('0.5231')).toBe('0.5231');
  });

  it('signs the 24 h change', () => {
    expect(formatSignedPct('3.2')).toBe('+3.20%');
    expect(formatSignedPct('-5.21')).toBe('-5.21%');
    expect(formatSignedPct('0')).toBe('0.00%');
    expect([signAsShown('-0.01'), signAsShown('0.00'), signAsShown('4')]).toEqual([-1, 0, 1]);
  });
});

describe('formatSignedPct', () => {
  it.each([
    ['4.9', '+4.90%'],
    ['-1.3', '-1.30%'],
    ['0', '0.00%'],
    ['-0.001', '0.00%'],
    ['12.345', '+12.35%'],
    ['-12.344', '-12.34%'],
    ['+7', '+7.00%'],
  ])('%s → %s', (input, expected) => {
    expect(formatSignedPct(input)).toBe(expected);
  });
});

describe('the formatters every figure of a record page goes through', () => {
  it('round on the text, group thousands and write a minus as "-"', () => {
    expect(formatDecimal('79735.61', 2)).toBe('79,735.61');
    expect(formatDecimal('-1234567.891', 2)).toBe('-1,234,567.89');
    expect(formatDecimal('1.0999999999', 4)).toBe('1.1000');
    expect(formatTrimmed('0.000006234567891234', 8)).toBe('0.00000623');
    expect(formatTrimmed('2.50000000', 8)).toBe('2.5');
    expect(formatTrimmed('1500', 8)).toBe('1,500');
    expect(formatSignedDecimal('-0.00833169510385516202', 4)).toBe('-0.0083');
    expect(formatSignedDecimal('0.1', 4)).toBe('+0.1000');
    expect(formatSignedDecimal('-0.00001', 4)).toBe('0.0000');
    expect(formatPct('1234.5')).toBe('1,234.50%');
    expect(formatPct('25.03')).toBe('25.03%');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatSignedPct('-1234.5')).toBe('-1,234.50%');
    expect(formatDecimal('n/a', 2)).toBe('n/a');
  });
});

describe('one format for a quantity per unit and one for a copy’s units (issue 39)', () => {
  it('a quantity per unit: 10 decimals, trailing zeros trimmed, on the desk and the public page alike', () => {
    expect(formatQuantityPerUnit('0.000005095512')).toBe('0.0000050955');
    expect(formatQuantityPerUnit('0.25')).toBe('0.25');
    expect(formatQuantityPerUnit('1500')).toBe('1,500');
  });

  it('a copy’s units: up to 8 decimals as the server counts them, grouped', () => {
    expect(formatUnits('200.1210570049')).toBe('200.121057');
    expect(formatUnits('2199.87995198')).toBe('2,199.87995198');
    expect(formatUnits('100000.00000000')).toBe('100,000');
  });
});

describe('signAsShown', () => {
  it('is the sign of the percentage as shown: what rounds to 0.00% is flat', () => {
    expect(['0.004', '-0.004', '0.005', '-0.005', '0', 'n/a'].map(signAsShown)).toEqual([
      0, 0, 1, -1, 0, 0,
    ]);
  });
});

describe('applyPrices (realtime `prices` event)', () => {
  const list: TickerList = {
    source: 'simulated',
    label: 'Simulated market data',
    tickers: [
      {
        symbol: 'BTCUSDT',
        base: 'BTC',
        price: '100',
        change24hPct: '1.00',
        at: '2026-01-01T00:00:00.000Z',
      },
      {
        symbol: 'ETHUSDT',
        base: 'ETH',
        price: '10',
        change24hPct: '-1.00',
        at: '2026-01-01T00:00:00.000Z',
      },
    ],
  };

  it('replaces the quoted instruments and keeps the others', () => {
    const at = Date.parse('2026-01-01T00:00:05.000Z');
    const next = applyPrices(list, {
      at,
      quotes: [{ symbol: 'BTCUSDT', price: '101.5', change24hPct: '2.50' }],
    });
    expect(next?.tickers[0]).toEqual({
      symbol: 'BTCUSDT',
      base: 'BTC',
      price: '101.5',
      change24hPct: '2.50',
      at: '2026-01-01T00:00:05.000Z',
    });
    expect(next?.tickers[1]).toBe(list.tickers[1]);
    expect(applyPrices(undefined, { at, quotes: [] })).toBeUndefined();
  });
});

describe('mergeLivePrice (the last candle of the Live Trade chart)', () => {
  const minute = 60_000;
  const last = toChartBar({ openTime: 120_000, open: '10', high: '12', low: '9', close: '11' });

  it('stretches the current candle to the live price', () => {
    expect(mergeLivePrice(last, 13, 150_000, minute)).toEqual({
      time: 120,
      open: 10,
      high: 13,
      low: 9,
      close: 13,
    });
    expect(mergeLivePrice(last, 8, 179_999, minute)).toMatchObject({ low: 8, high: 12, close: 8 });
  });

  it('opens a new candle at the previous close when the minute turns', () => {
    expect(mergeLivePrice(last, 12.5, 180_000, minute)).toEqual({
      time: 180,
      open: 11,
      high: 12.5,
      low: 11,
      close: 12.5,
    });
  });

  it('ignores prices older than the drawn candle and non-numbers', () => {
    expect(mergeLivePrice(last, 11, 60_000, minute)).toBeNull();
    expect(mergeLivePrice(last, Number.NaN, 150_000, minute)).toBeNull();
  });
});
