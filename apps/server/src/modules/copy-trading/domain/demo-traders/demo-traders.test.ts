import { describe, expect, it } from 'vitest';
import {
  Dec,
  historyCandles,
  INSTRUMENT_SYMBOLS,
  type InstrumentSymbol,
} from '../../../market/domain';
import { strategyMetrics } from '../metrics';
import { applyOrder, applyOrders, type TargetWeightOrder } from '../orders';
import { cashStrategy, pricesOf } from '../test-helpers';
import { barCloses, type Bar, type BarHistory } from './bars';
import {
  bitcoinReserveTrader,
  DEMO_TRADERS,
  majorsBasketTrader,
  meanReversionTrader,
  replayDemoTrader,
  trendFollowingTrader,
} from './index';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const NOW = Date.UTC(2025, 6, 1, 13);

function hourly(symbol: InstrumentSymbol, closes: readonly string[]): [InstrumentSymbol, Bar[]] {
  return [
    symbol,
    closes.map((close, i) => ({ at: NOW - (closes.length - 1 - i) * HOUR_MS, close })),
  ];
}

const rising = Array.from({ length: 24 }, (_, i) => String(100 + i));
const falling = [...rising].reverse();

describe('barCloses', () => {
  it('takes the last 1-minute close of each finished hour', () => {
    const start = Date.UTC(2025, 6, 1, 10);
    const candles = historyCandles(1, 'BTCUSDT', start, start + 2 * HOUR_MS + 30 * 60_000);
    const bars = barCloses(candles, HOUR_MS, start + 2 * HOUR_MS + 30 * 60_000);
    expect(bars.map((b) => b.at)).toEqual([start + HOUR_MS, start + 2 * HOUR_MS]);
    expect(bars[0]?.close).toBe(candles[59]?.close);
    expect(bars[1]?.close).toBe(candles[119]?.close);
  });
});

describe('trend-following trader', () => {
  const bars: BarHistory = new Map([hourly('BTCUSDT', rising), hourly('ETHUSDT', falling)]);

  it('goes long BTC (fast average above slow) and short ETH (below)', () => {
    expect(trendFollowingTrader.decide(bars, cashStrategy(1000), NOW)).toEqual([
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.45' },
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.3' },
    ]);
  });

  it('does nothing while the held side already matches the signal', () => {
    const state = applyOrder(
      cashStrategy(1000),
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.45' },
      pricesOf({ BTCUSDT: '123' }),
    ).state;
    expect(trendFollowingTrader.decide(bars, state, NOW)).toEqual([
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '0.3' },
    ]);
  });

  it('waits for 24 hourly closes', () => {
    const short: BarHistory = new Map([hourly('BTCUSDT', rising.slice(1))]);
    expect(trendFollowingTrader.decide(short, cashStrategy(1000), NOW)).toEqual([]);
  });
});

describe('mean-reversion trader', () => {
  it('buys SOL 40% after a drop 1.5+ standard deviations below its 24-hour mean', () => {
    const bars: BarHistory = new Map([hourly('SOLUSDT', [...Array<string>(23).fill('100'), '90'])]);
    expect(meanReversionTrader.decide(bars, cashStrategy(1000), NOW)).toEqual([
      { symbol: 'SOLUSDT', side: 'long', targetWeight: '0.4' },
    ]);
  });

  it('shorts XRP 40% after a spike above its mean', () => {
    const bars: BarHistory = new Map([hourly('XRPUSDT', [...Array<string>(23).fill('2'), '2.2'])]);
    expect(meanReversionTrader.decide(bars, cashStrategy(1000), NOW)).toEqual([
      { symbol: 'XRPUSDT', side: 'short', targetWeight: '0.4' },
    ]);
  });

  it('closes once the price is back at its mean, and holds in between', () => {
    const held = applyOrder(
      cashStrategy(1000),
      { symbol: 'SOLUSDT', side: 'long', targetWeight: '0.4' },
      pricesOf({ SOLUSDT: '90' }),
    ).state;
    const atMean: BarHistory = new Map([hourly('SOLUSDT', Array<string>(24).fill('100'))]);
    expect(meanReversionTrader.decide(atMean, held, NOW)).toEqual([
      { symbol: 'SOLUSDT', side: 'long', targetWeight: '0' },
    ]);
    const between: BarHistory = new Map([
      hourly('SOLUSDT', [
        ...Array.from({ length: 12 }, () => '100'),
        ...Array<string>(12).fill('101'),
      ]),
    ]);
    expect(meanReversionTrader.decide(between, held, NOW)).toEqual([]);
  });
});

describe('majors basket trader', () => {
  const bars: BarHistory = new Map(
    (['BTCUSDT', 'ETHUSDT', 'BNBUSDT'] as const).map((s) => hourly(s, ['100'])),
  );
  const basket: TargetWeightOrder[] = [
    { symbol: 'BTCUSDT', side: 'long', targetWeight: '0.32' },
    { symbol: 'ETHUSDT', side: 'long', targetWeight: '0.32' },
    { symbol: 'BNBUSDT', side: 'long', targetWeight: '0.32' },
  ];
  const invested = () =>
    applyOrders(
      cashStrategy(1000),
      basket,
      pricesOf({ BTCUSDT: '100', ETHUSDT: '100', BNBUSDT: '100' }),
    ).state;

  it('buys the basket at once when a member is missing', () => {
    expect(majorsBasketTrader.decide(bars, cashStrategy(1000), NOW)).toEqual(basket);
  });

  it('rebalances at the first decision of the UTC day and holds otherwise', () => {
    const midnight = Date.UTC(2025, 6, 2);
    expect(majorsBasketTrader.decide(bars, invested(), midnight + 5_000)).toEqual(basket);
    expect(majorsBasketTrader.decide(bars, invested(), NOW)).toEqual([]);
  });
});

describe('bitcoin reserve trader', () => {
  const bars: BarHistory = new Map([hourly('BTCUSDT', ['100'])]);
  const half: TargetWeightOrder[] = [{ symbol: 'BTCUSDT', side: 'long', targetWeight: '0.5' }];
  const invested = () => applyOrders(cashStrategy(1000), half, pricesOf({ BTCUSDT: '100' })).state;

  it('waits for a BTC price, then buys half at once when it holds none', () => {
    expect(bitcoinReserveTrader.decide(new Map(), cashStrategy(1000), NOW)).toEqual([]);
    expect(bitcoinReserveTrader.decide(bars, cashStrategy(1000), NOW)).toEqual(half);
  });

  it('rebalances at the first decision of the week and holds otherwise', () => {
    const weekStart = Math.floor(NOW / (7 * DAY_MS)) * 7 * DAY_MS;
    expect(bitcoinReserveTrader.decide(bars, invested(), weekStart + 5_000)).toEqual(half);
    expect(bitcoinReserveTrader.decide(bars, invested(), weekStart + DAY_MS)).toEqual([]);
  });
});

describe('demo traders over a generated 30-day market', () => {
  const to = Date.UTC(2025, 5, 1);
  const from = to - 30 * DAY_MS;
  const bars: BarHistory = new Map(
    INSTRUMENT_SYMBOLS.map((symbol) => [
      symbol,
      barCloses(historyCandles(42, symbol, from - 2 * DAY_MS, to), HOUR_MS, to),
    ]),
  );
  const results = DEMO_TRADERS.map((trader) => replayDemoTrader({ trader, bars, from, to }));

  it('each trades, has at least one losing day, and none is a copy of another', () => {
    const metrics = results.map((r) => strategyMetrics(r.navSeries, to));
    for (const [i, result] of results.entries()) {
      expect(result.fillCount, DEMO_TRADERS[i]?.id).toBeGreaterThan(0);
      expect(result.navSeries).toHaveLength(30 * 24 + 1);
      expect(metrics[i]?.dailyReturnCount).toBe(30);
      expect(metrics[i]?.losingDays, DEMO_TRADERS[i]?.id).toBeGreaterThanOrEqual(1);
    }
    const fingerprints = results.map((r) =>
      r.navSeries.map((p) => new Dec(p.nav).toFixed()).join(),
    );
    expect(new Set(fingerprints).size).toBe(DEMO_TRADERS.length);
    expect(new Set(metrics.map((m) => m.returnPct)).size).toBe(DEMO_TRADERS.length);
  });

  it('is deterministic: the same history replays to the same NAVs', () => {
    const again = replayDemoTrader({
      trader: meanReversionTrader,
      bars,
      from,
      to,
    });
    expect(again.navSeries).toEqual(results[1]?.navSeries);
  });
});
