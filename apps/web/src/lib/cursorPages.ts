import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api';

/**
 * A list the server hands out a page at a time (`?limit=&cursor=`, each page naming the
 * `nextCursor`), searched by `q` when one is given: the infinite query that reads it from `path`.
 */
export function cursorPagesQuery<Page extends { nextCursor: string | null }>({
  queryKey,
  path,
  limit,
  q,
}: {
  queryKey: QueryKey;
  path: string;
  limit: number;
  q: string;
}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<Page>(`${path}?${params.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
