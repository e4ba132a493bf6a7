import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * One back-office read: the answer of `load` cached under `queryKey` (an adminKeys entry, so the
 * admin mutations and the realtime events refresh it). `load` gets the query's abort signal.
 * `refetchIntervalMs`: also read this often, for a state that changes with no event (a watcher's
 * health).
 */
export function useAdminQuery<T>(
  queryKey: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  { refetchIntervalMs }: { refetchIntervalMs?: number } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    ...(refetchIntervalMs ? { refetchInterval: refetchIntervalMs } : {}),
  });
}
