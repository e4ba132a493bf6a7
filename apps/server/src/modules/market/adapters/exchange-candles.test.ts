import { describe, expect, it } from 'vitest';
import {
  exchangePrice,
  fetchCandlesPaged,
  missingRanges,
  ohlcvToCandles,
  type ExchangeLike,
} from './exchange-candles';

const T0 = Date.UTC(2025, 0, 1, 0, 0);
const M = 60_000;

describe('exchange candles', () => {
  it('turns ccxt numbers into exact prices at the instrument tick, dropping bad rows', () => {
    expect(exchangePrice(94000.123, 'BTCUSDT')).toBe('94000.12');
    expect(exchangePrice(2.19876, 'XRPUSDT')).toBe('2.1988');
    expect(exchangePrice(0, 'BTCUSDT')).toBeNull();
    expect(exchangePrice(Number.NaN, 'BTCUSDT')).toBeNull();
    const candles = ohlcvToCandles(
      [
        [T0, 1, 2, 0.5, 1.5, 10],
        [T0 + 30_000, 1, 2, 0.5, 1.5, 10], // not on a minute boundary
        [T0 + M, 1, undefined, 0.5, 1.5, 10], // missing high
        [T0 + 2 * M, 3, 4, 2, 3.5, 10],
      ],
      'ETHUSDT',
      T0,
      T0 + 3 * M,
    );
    expect(candles).toEqual([
      { openTime: T0, open: '1.00', high: '2.00', low: '0.50', close: '1.50' },
      { openTime: T0 + 2 * M, open: '3.00', high: '4.00', low: '2.00', close: '3.50' },
    ]);
  });

  it('finds the minutes missing after an outage', () => {
    expect(missingRanges([T0, T0 + M, T0 + 4 * M], T0, T0 + 6 * M)).toEqual([
      { from: T0 + 2 * M, to: T0 + 4 * M },
      { from: T0 + 5 * M, to: T0 + 6 * M },
    ]);
    expect(missingRanges([], T0 + 1, T0 + 2 * M)).toEqual([{ from: T0 + M, to: T0 + 2 * M }]);
  });

  it('pages through fetchOHLCV until the range is covered', async () => {
    const calls: number[] = [];
    const stub: ExchangeLike = {
      fetchTickers: () => Promise.resolve({}),
      fetchOHLCV: (_symbol, _tf, since = 0, limit = 2) => {
        calls.push(since);
        const rows: number[][] = [];
        for (let i = 0; i < limit; i++) {
          const t = since + i * M;
          if (t >= T0 + 5 * M) break;
          rows.push([t, 100, 101, 99, 100.5, 1]);
        }
        return Promise.resolve(rows);
      },
    };
    const candles = await fetchCandlesPaged(stub, 'BTCUSDT', T0, T0 + 5 * M, 2);
    expect(candles.map((c) => c.openTime)).toEqual([0, 1, 2, 3, 4].map((i) => T0 + i * M));
    expect(calls).toEqual([T0, T0 + 2 * M, T0 + 4 * M]);
  });
});
