import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '../api';

/**
 * A back-office list read a page at a time: `fetchPage` gets the cursor the previous page handed
 * out (none for the first), and "Load more" stops when the server gives no next cursor.
 */
export function useCursorPages<T>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
