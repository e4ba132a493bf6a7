import { describe, expect, it } from 'vitest';
import { Dec } from './decimal';
import { MINUTE_MS, aggregateCandles, historyCandles } from './candles';
import { priceAt } from './price-path';

const T0 = Date.UTC(2025, 5, 1, 12, 0);

describe('aggregateCandles', () => {
  it('builds one-minute OHLC from ticks in any order, keeping the ticks’ exact text', () => {
    const ticks = [
      { at: T0 + 59_000, price: '100.50' },
      { at: T0, price: '100.00' },
      { at: T0 + 20_000, price: '101.10' },
      { at: T0 + 40_000, price: '99.90' },
      { at: T0 + MINUTE_MS + 5_000, price: '100.40' },
    ];
    expect(aggregateCandles(ticks, MINUTE_MS)).toEqual([
      { openTime: T0, open: '100.00', high: '101.10', low: '99.90', close: '100.50' },
      { openTime: T0 + MINUTE_MS, open: '100.40', high: '100.40', low: '100.40', close: '100.40' },
    ]);
  });

  it('leaves out intervals without ticks and returns nothing for no ticks', () => {
    const candles = aggregateCandles(
      [
        { at: T0, price: '1.0000' },
        { at: T0 + 3 * MINUTE_MS, price: '1.0100' },
      ],
      MINUTE_MS,
    );
    expect(candles.map((c) => c.openTime)).toEqual([T0, T0 + 3 * MINUTE_MS]);
    expect(aggregateCandles([], MINUTE_MS)).toEqual([]);
  });

  it('refuses a non-positive interval', () => {
    expect(() => aggregateCandles([], 0)).toThrow(RangeError);
  });
});

describe('historyCandles', () => {
  it('returns 43,200 complete one-minute candles for 30 days', () => {
    const candles = historyCandles(42, 'ETHUSDT', T0 - 30 * 86_400_000, T0);
    expect(candles).toHaveLength(43_200);
    expect(candles[0]?.openTime).toBe(T0 - 30 * 86_400_000);
    expect(candles.at(-1)?.openTime).toBe(T0 - MINUTE_MS);
  });

  it('skips the unfinished minute at the end and the partial minute at the start', () => {
    const candles = historyCandles(42, 'BTCUSDT', T0 + 10_000, T0 + 3 * MINUTE_MS + 30_000);
    expect(candles.map((c) => c.openTime)).toEqual([T0 + MINUTE_MS, T0 + 2 * MINUTE_MS]);
    expect(historyCandles(42, 'BTCUSDT', T0, T0)).toEqual([]);
  });

  it('agrees with priceAt: open is the price at :00, close the price at :59', () => {
    for (const candle of historyCandles(8, 'XRPUSDT', T0, T0 + 5 * MINUTE_MS)) {
      expect(candle.open).toBe(priceAt(8, 'XRPUSDT', candle.openTime));
      expect(candle.close).toBe(priceAt(8, 'XRPUSDT', candle.openTime + 59_000));
      const [open, high, low, close] = [candle.open, candle.high, candle.low, candle.close].map(
        (p) => new Dec(p),
      ) as [Dec, Dec, Dec, Dec];
      expect(high.gte(Dec.max(open, close))).toBe(true);
      expect(low.lte(Dec.min(open, close))).toBe(true);
    }
  });

  it('is the same history however the range is split', () => {
    const whole = historyCandles(4, 'SOLUSDT', T0, T0 + 10 * MINUTE_MS);
    const halves = [
      ...historyCandles(4, 'SOLUSDT', T0, T0 + 4 * MINUTE_MS),
      ...historyCandles(4, 'SOLUSDT', T0 + 4 * MINUTE_MS, T0 + 10 * MINUTE_MS),
    ];
    expect(halves).toEqual(whole);
  });
});
