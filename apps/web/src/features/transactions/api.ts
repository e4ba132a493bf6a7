import type { AccountSummary } from '@app/shared/schemas/account';
import type { ApiError } from '@app/shared/schemas/common';
import type { StatementFormat } from '@app/shared/schemas/statements';
import type { TransactionList } from '@app/shared/schemas/transactions';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, ApiRequestError } from '../../lib/api';
import { translateMessage } from '../../lib/messages';
import { fileNameOf } from './statement';

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

/**
 * A statement file, read whole (a statement of a few years is a few MB), and the name the server
 * gave it. A refusal throws ApiRequestError with the server's code and field.
 */
export async function downloadStatement(
  download: StatementDownload,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const { url, fallback } = requestOf(download);
  const response = await fetch(url, { credentials: 'same-origin', signal: signal ?? null });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    const error = payload?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'INTERNAL',
      translateMessage(error?.message ?? 'Something went wrong. Please try again.'),
      error?.field,
    );
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), fallback) };
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
