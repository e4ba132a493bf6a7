import { useQuery } from '@tanstack/react-query';
import { useRealtimeStatus } from '../../lib/realtime';
import { TICKER_POLL_MS, tickersQuery } from './api';

/**
 * The ticker list on signed-in screens: pushed by the `prices` event while the socket is open,
 * polled every 5 s while it is not (and every 30 s anyway, to catch a missed event).
 */
export function useLiveTickers() {
  const socketOpen = useRealtimeStatus((state) => state.status === 'open');
  return useQuery({ ...tickersQuery, refetchInterval: socketOpen ? 30_000 : TICKER_POLL_MS });
}
