import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api';

/**
 * A list the server hands out a page at a time (`?limit=&cursor=`, each page naming the
 * `nextCursor`), searched by `q` when one is given: the infinite query that reads it from `path`.
 * `params`: further query parameters every page is asked with (`book=practice`).
 */
export function cursorPagesQuery<Page extends { nextCursor: string | null }>({
  queryKey,
  path,
  limit,
  q,
  params = {},
}: {
  queryKey: QueryKey;
  path: string;
  limit: number;
  q: string;
  params?: Record<string, string>;
}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ ...params, limit: String(limit) });
      if (q) search.set('q', q);
      if (pageParam) search.set('cursor', pageParam);
      return api.get<Page>(`${path}?${search.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
