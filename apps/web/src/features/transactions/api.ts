import type { StatementFormat } from '@app/shared/schemas/statements';
import type { TransactionList } from '@app/shared/schemas/transactions';
import type { QueryClient } from '@tanstack/react-query';
import { cursorPagesQuery } from '../../lib/cursorPages';
import { fetchDownload } from '../../lib/download';
import type { Book } from '../../lib/book';
import { accountKeys, bookParams } from '../account/api';

export const TRANSACTIONS_PAGE_SIZE = 20;

/**
 * The user's transactions. Keys sit under `['transactions']`, which the realtime event
 * `transactions.changed` invalidates (app/realtime.ts).
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (book: Book, q: string) => ['transactions', 'list', book, q] as const,
  one: (transactionId: string) => ['transactions', 'one', transactionId] as const,
};

/** The transactions of `book` (the practice account's: its start, resets and practice copies). */
export function transactionListQuery(book: Book, q: string) {
  return cursorPagesQuery<TransactionList>({
    queryKey: transactionKeys.list(book, q),
    path: '/api/transactions',
    limit: TRANSACTIONS_PAGE_SIZE,
    q,
    params: bookParams(book),
  });
}

/** After a deposit or withdrawal request: everything that shows money is stale. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
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
