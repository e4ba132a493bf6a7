import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { testQueryClient } from '../../../test/render';
import { LiveTradePanel } from './LiveTradePanel';

/** The chart library draws on a canvas; here it records what it was given. */
const chart = vi.hoisted(() => ({ setData: vi.fn(), update: vi.fn(), addSeries: vi.fn() }));
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  CandlestickSeries: {},
  createChart: () => ({
    addSeries: (type: unknown, options: unknown) => {
      chart.addSeries(type, options);
      return { setData: chart.setData, update: chart.update };
    },
    timeScale: () => ({ scrollToRealTime: () => undefined }),
    remove: () => undefined,
  }),
}));

/** A page seen without scrolling (a screenshot, a panel below the fold): nothing ever intersects. */
class NeverIntersecting {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);
const candles = Array.from({ length: 3 }, (_, i) => ({
  openTime: NOW - (3 - i) * 60_000,
  open: '90000.00',
  high: '90100.00',
  low: '89900.00',
  close: `${90010 + i}.00`,
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('IntersectionObserver', NeverIntersecting);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Shows the panel on simulated data: these tickers and the three BTCUSDT candles above. */
function showPanel(tickers: object[]) {
  const calls = fakeApi({
    'GET /api/market/tickers': {
      body: { source: 'simulated', label: 'Simulated market data', tickers },
    },
    'GET /api/market/candles': {
      body: { symbol: 'BTCUSDT', interval: '1m', label: 'Simulated market data', candles },
    },
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <LiveTradePanel />
    </QueryClientProvider>,
  );
  return calls;
}

describe('LiveTradePanel', () => {
  it('draws recent history as soon as the dashboard shows, even below the fold', async () => {
    const calls = showPanel([
      {
        symbol: 'BTCUSDT',
        base: 'BTC',
        price: '90012.00',
        change24hPct: '0.50',
        at: new Date(NOW).toISOString(),
      },
    ]);
    // The history is asked for at once, not after the reader scrolls to the chart.
    await waitFor(() =>
      expect(calls.some((call) => call.path.startsWith('/api/market/candles?'))).toBe(true),
    );
    await waitFor(() => expect(chart.setData).toHaveBeenCalled());
    expect(chart.setData.mock.lastCall?.[0]).toEqual(
      candles.map((candle, i) => ({
        time: candle.openTime / 1000,
        open: 90000,
        high: 90100,
        low: 89900,
        close: 90010 + i,
      })),
    );
    expect(await screen.findByText('90,012.00')).toBeTruthy();
  });

  it("labels the price axis like every other price on the page ('78,900.00', not '78900.00')", async () => {
    showPanel([]);
    await waitFor(() => expect(chart.addSeries).toHaveBeenCalled());
    const options = chart.addSeries.mock.lastCall?.[1] as {
      priceFormat?: { type: string; formatter?: (value: number) => string };
    };
    expect(options.priceFormat?.type).toBe('custom');
    expect(options.priceFormat?.formatter?.(78900)).toBe('78,900.00');
    expect(options.priceFormat?.formatter?.(2.29744)).toBe('2.2974');
  });
});
