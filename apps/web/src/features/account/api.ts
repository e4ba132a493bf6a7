import type { AccountSummary } from '@app/shared/schemas/account';
import type {
  PracticeAccount,
  PracticeAccountResponse,
  PracticeResetResponse,
} from '@app/shared/schemas/practice';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Book } from '../../lib/book';

export type { AccountSummary, PracticeAccount };

/**
 * The signed-in user's account: the ledger-derived balances the dashboard, plans, withdrawals,
 * trading and profile pages all show, in one book (the real account, or the practice account's
 * virtual money: issue 42). Keys sit under `['account']`, which the realtime events
 * `account.changed`, `transactions.changed` and `trade.changed` invalidate (app/realtime.ts) for
 * both books at once.
 */
export const accountKeys = {
  all: ['account'] as const,
  summary: (book: Book) => ['account', 'summary', book] as const,
};

/** `book=practice` on a user's own reads; nothing for the real account (the server's default). */
export function bookParams(book: Book): Record<string, string> {
  return book === 'practice' ? { book } : {};
}

/** `path` asked in `book`: `?book=practice` added for the practice account. */
export function inBook(path: string, book: Book): string {
  return book === 'practice' ? `${path}?book=practice` : path;
}

/** Balance, totals, percentage up and the latest transactions (GET /api/account/summary). */
export function accountSummaryQuery(book: Book) {
  return queryOptions({
    queryKey: accountKeys.summary(book),
    queryFn: ({ signal }) => api.get<AccountSummary>(inBook('/api/account/summary', book), signal),
  });
}

/** The account in `book`. */
export function useAccountSummary(book: Book) {
  return useQuery(accountSummaryQuery(book));
}

/**
 * The practice account (GET /api/practice): whether the operator offers it, whether the user may
 * have one (a verified e-mail), and the account once opened. Under `['practice']`, which the
 * realtime `account.changed` event invalidates with the account.
 */
export const practiceKeys = {
  all: ['practice'] as const,
};

export const practiceQuery = queryOptions({
  queryKey: practiceKeys.all,
  queryFn: ({ signal }) => api.get<PracticeAccountResponse>('/api/practice', signal),
  select: (data) => data.practice,
  staleTime: 60_000,
});

export const practiceApi = {
  /** Opens the practice account (201), or answers the one already open (200). */
  start: () => api.post<PracticeAccountResponse>('/api/practice/start'),
  /** Closes every open practice copy at the NAV now, then restores the starting balance. */
  reset: (idempotencyKey: string) =>
    api.post<PracticeResetResponse>('/api/practice/reset', {}, idempotencyKey),
};

/** After the practice account opened or started again: it and its money are stale. */
export function invalidatePractice(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: practiceKeys.all }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  ]).then(() => undefined);
}
