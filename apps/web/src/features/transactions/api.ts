import type { AccountSummary } from '@app/shared/schemas/account';
import type { StatementFormat } from '@app/shared/schemas/statements';
import type { TransactionList } from '@app/shared/schemas/transactions';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fetchDownload } from '../../lib/download';

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

/** The downloads of the statements module: where, with which parameters, and a fallback name. */
export type StatementDownload =
  | { kind: 'account'; from: string; to: string; format: StatementFormat; lang: string }
  | { kind: 'annual'; year: number; format: StatementFormat; lang: string }
  | { kind: 'trades' };

function requestOf(download: StatementDownload): { url: string; fallback: string } {
  switch (download.kind) {
    case 'account': {
      const { from, to, format, lang } = download;
      const params = new URLSearchParams({ from, to, format, lang });
      return {
        url: `/api/statements/account?${params.toString()}`,
        fallback: `statement-${from}-to-${to}.${format}`,
      };
    }
    case 'annual': {
      const { year, format, lang } = download;
      const params = new URLSearchParams({ year: String(year), format, lang });
      return {
        url: `/api/statements/annual?${params.toString()}`,
        fallback: `annual-summary-${year}.${format}`,
      };
    }
    case 'trades':
      return { url: '/api/statements/trades?format=csv', fallback: 'trade-history.csv' };
  }
}

/** A statement file and the name the server gave it (see lib/download). */
export function downloadStatement(
  download: StatementDownload,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const { url, fallback } = requestOf(download);
  return fetchDownload(url, fallback, signal);
}
