import type { AccountSummary } from '@app/shared/schemas/account';
import type { TransactionList } from '@app/shared/schemas/transactions';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * The money views' server state. Keys sit under the `['transactions']` and `['account']` prefixes,
 * which the realtime events `transactions.changed` and `account.changed` already invalidate.
 */
export const TRANSACTIONS_PAGE_SIZE = 20;

export const moneyKeys = {
  transactions: ['transactions'] as const,
  transactionList: (q: string) => ['transactions', 'list', q] as const,
  summary: ['account', 'summary'] as const,
};

export function transactionListQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: moneyKeys.transactionList(q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<TransactionList>(`/api/transactions?${params.toString()}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Balance, totals, percentage up and the latest transactions (GET /api/account/summary). */
export const accountSummaryQuery = queryOptions({
  queryKey: moneyKeys.summary,
  queryFn: ({ signal }) => api.get<AccountSummary>('/api/account/summary', signal),
});

/** After a deposit or withdrawal request: everything that shows money is stale. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: moneyKeys.transactions }),
    queryClient.invalidateQueries({ queryKey: ['account'] }),
  ]).then(() => undefined);
}
