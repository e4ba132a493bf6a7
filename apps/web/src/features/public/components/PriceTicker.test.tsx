import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch';
import { renderPublic } from '../../../test/render';
import { mockFetchForEachTest } from '../test/setup';
import { PriceTicker } from './PriceTicker';

const fetchMock = mockFetchForEachTest();

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

  it('on a narrow screen says the strip scrolls (fade and "Swipe for more") until its end', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        source: 'simulated',
        label: 'Simulated market data',
        tickers: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'].map((symbol) => ({
          symbol,
          base: symbol.slice(0, 3),
          price: '100',
          change24hPct: '1',
          at: '2026-11-21T00:00:00.000Z',
        })),
      }),
    );
    renderPublic(<PriceTicker />);
    const strip = await screen.findByRole('list', { name: 'Market prices' });
    expect(strip.tabIndex).toBe(0);
    // Laid out wider than its box, as on a 390 px phone.
    Object.defineProperty(strip, 'scrollWidth', { configurable: true, value: 800 });
    Object.defineProperty(strip, 'clientWidth', { configurable: true, value: 350 });
    fireEvent.scroll(strip);
    expect(await screen.findByText('Swipe for more →')).toBeTruthy();
    expect(screen.getByTestId('ticker-fade')).toBeTruthy();
    strip.scrollLeft = 450;
    fireEvent.scroll(strip);
    await waitFor(() => expect(screen.queryByText('Swipe for more →')).toBeNull());
  });
});
