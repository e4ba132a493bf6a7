import type {
  NavSeries,
  StrategyDirectory,
  StrategyList,
  StrategyOrders,
  StrategyRecord,
} from '@app/shared/schemas/strategies';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { DirectoryView } from './directory';

/** A strategy's public record (GET /api/strategies/:id/record) and the strategy list it sits in. */
export const strategyKeys = {
  all: ['strategies'] as const,
  list: ['strategies', 'list'] as const,
  directory: ['strategies', 'directory'] as const,
  record: (id: string) => ['strategies', 'record', id] as const,
  orders: (id: string) => ['strategies', 'orders', id] as const,
  nav: (id: string, days: number) => ['strategies', 'nav', id, days] as const,
};

export const strategyListQuery = queryOptions({
  queryKey: strategyKeys.list,
  queryFn: ({ signal }) => api.get<StrategyList>('/api/strategies', signal),
  staleTime: 30_000,
});

export function strategyRecordQuery(id: string) {
  return queryOptions({
    queryKey: strategyKeys.record(id),
    queryFn: ({ signal }) =>
      api.get<StrategyRecord>(`/api/strategies/${encodeURIComponent(id)}/record`, signal),
    staleTime: 60_000,
  });
}

/** The hourly NAV of the last `days` days (the NAV chart's shortest range). */
export function strategyNavQuery(id: string, days: number) {
  return queryOptions({
    queryKey: strategyKeys.nav(id, days),
    queryFn: ({ signal }) =>
      api.get<NavSeries>(`/api/strategies/${encodeURIComponent(id)}/nav?days=${days}`, signal),
    staleTime: 60_000,
  });
}

/** The order log, newest first, 20 fills a page. */
export function strategyOrdersQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: strategyKeys.orders(id),
    queryFn: ({ signal, pageParam }) =>
      api.get<StrategyOrders>(
        `/api/strategies/${encodeURIComponent(id)}/orders?limit=20${
          pageParam ? `&before=${pageParam}` : ''
        }`,
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 60_000,
  });
}

/**
 * The directory in one view, a page at a time (the server sorts and filters: issue 43); the next
 * page starts at the previous one's cursor.
 */
export function strategyDirectoryQuery(view: DirectoryView) {
  const search = new URLSearchParams({
    sort: view.sort,
    window: view.window,
    paused: String(view.paused),
  });
  return infiniteQueryOptions({
    queryKey: [...strategyKeys.directory, view.sort, view.window, view.paused],
    queryFn: ({ signal, pageParam }) =>
      api.get<StrategyDirectory>(
        `/api/strategies/directory?${search.toString()}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}
