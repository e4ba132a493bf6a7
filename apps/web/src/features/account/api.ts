import type { AccountSummary } from '@app/shared/schemas/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { AccountSummary };

/**
 * The signed-in user's account: the ledger-derived balances the dashboard, plans, withdrawals,
 * trading and profile pages all show. Keys sit under `['account']`, which the realtime events
 * `account.changed`, `transactions.changed` and `trade.changed` invalidate (app/realtime.ts).
 */
export const accountKeys = {
  all: ['account'] as const,
  summary: ['account', 'summary'] as const,
};

/** Balance, totals, percentage up and the latest transactions (GET /api/account/summary). */
export const accountSummaryQuery = queryOptions({
  queryKey: accountKeys.summary,
  queryFn: ({ signal }) => api.get<AccountSummary>('/api/account/summary', signal),
});

export function useAccountSummary() {
  return useQuery(accountSummaryQuery);
}
