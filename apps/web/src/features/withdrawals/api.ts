import { centsToPlain } from '@app/shared/money';
import type {
  CreateWithdrawalInput,
  FeeSchedule,
  WithdrawalQuote,
} from '@app/shared/schemas/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const withdrawalsApi = {
  /** A withdrawal request (holds the amount); the key makes a retry book it once. */
  create: (input: CreateWithdrawalInput, idempotencyKey: string) =>
    api.post<{ transaction: Transaction }>('/api/withdrawals', input, idempotencyKey),
};

/** One of the user's own transactions by its TNX id (the success modal checks it exists). */
export function ownTransactionQuery(transactionId: string) {
  return queryOptions({
    queryKey: ['transactions', 'one', transactionId],
    queryFn: ({ signal }) =>
      api.get<{ transaction: Transaction }>(
        `/api/transactions/${encodeURIComponent(transactionId)}`,
        signal,
      ),
    retry: false,
  });
}

/** "Fee $X · You will receive $Y" for an amount, at the fee now in force (server-computed). */
export function withdrawalQuoteQuery(amountCents: number) {
  return queryOptions({
    queryKey: ['withdrawals', 'quote', amountCents],
    queryFn: ({ signal }) =>
      api.get<WithdrawalQuote>(
        `/api/withdrawals/quote?amount=${encodeURIComponent(centsToPlain(amountCents))}`,
        signal,
      ),
    staleTime: 30_000,
  });
}

/** The public fee schedule (GET /api/settings/fees). */
export const feeScheduleQuery = queryOptions({
  queryKey: ['settings', 'fees'],
  queryFn: ({ signal }) => api.get<FeeSchedule>('/api/settings/fees', signal),
  staleTime: 60_000,
});
