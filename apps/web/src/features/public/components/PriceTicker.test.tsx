import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPublic } from '../test/render';
import { PriceTicker } from './PriceTicker';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PriceTicker (landing page)', () => {
  it('shows a skeleton, then the feed prices labelled as simulated, and polls every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        source: 'simulated',
        label: 'Simulated market data',
        tickers: [
          {
            symbol: 'BTCUSDT',
            base: 'BTC',
            price: '34587.4',
            change24hPct: '3.22',
            at: '2026-11-21T00:00:00.000Z',
          },
          {
            symbol: 'ETHUSDT',
            base: 'ETH',
            price: '2296.96',
            change24hPct: '-5.21',
            at: '2026-11-21T00:00:00.000Z',
          },
        ],
      }),
    );
    renderPublic(<PriceTicker />);
    expect(screen.getByRole('status', { name: 'Loading market prices' })).toBeTruthy();
    expect(await screen.findByText('34,587.40')).toBeTruthy();
    expect(screen.getByText('Simulated market data')).toBeTruthy();
    expect(screen.getByText('-5.21% in 24 hours')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/market/tickers');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
