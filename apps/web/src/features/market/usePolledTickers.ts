import type { TickerList } from '@app/shared/schemas/market';
import { useEffect, useState } from 'react';
import { TICKER_POLL_MS } from './polling';

export type PolledTickers =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: TickerList };

/**
 * The landing page's prices: a plain GET /api/market/tickers every 5 s (visitors have no
 * socket). Deliberately without the query library and the API client, which the landing page's
 * first load does not otherwise need; a failed poll keeps the last prices on screen.
 */
export function usePolledTickers(intervalMs: number = TICKER_POLL_MS): PolledTickers {
  const [state, setState] = useState<PolledTickers>({ status: 'loading' });
  useEffect(() => {
    let controller: AbortController | null = null;
    async function poll() {
      controller?.abort();
      controller = new AbortController();
      try {
        const response = await fetch('/api/market/tickers', {
          headers: { accept: 'application/json' },
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(String(response.status));
        const data = (await response.json()) as TickerList;
        setState({ status: 'ready', data });
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        setState((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
      }
    }
    void poll();
    const timer = setInterval(() => void poll(), intervalMs);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [intervalMs]);
  return state;
}
