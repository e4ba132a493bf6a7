import { centsToPlain } from '@app/shared/money';
import type {
  CreateWithdrawalInput,
  FeeSchedule,
  WithdrawalQuote,
} from '@app/shared/schemas/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, newIdempotencyKey } from '../../lib/api';
import { invalidateMoney, transactionKeys } from '../transactions/api';

/**
 * The fee schedule and the quotes (by method and amount) under `['settings']`, which
 * `settings.fees.changed` refreshes when an operator changes a method's fee.
 */
export const withdrawalKeys = {
  quote: (amountCents: number, methodId: string | null) =>
    ['settings', 'fees', 'quote', methodId ?? 'bank', amountCents] as const,
  settings: ['settings'] as const,
  fees: ['settings', 'fees'] as const,
};

export const withdrawalsApi = {
  /** A withdrawal request (holds the amount); the key makes a retry book it once. */
  create: (input: CreateWithdrawalInput, idempotencyKey: string) =>
    api.post<{ transaction: Transaction }>('/api/withdrawals', input, idempotencyKey),
};

/** One of the user's own transactions by its TNX id (the success modal checks it exists). */
export function ownTransactionQuery(transactionId: string) {
  return queryOptions({
    queryKey: transactionKeys.one(transactionId),
    queryFn: ({ signal }) =>
      api.get<{ transaction: Transaction }>(
        `/api/transactions/${encodeURIComponent(transactionId)}`,
        signal,
      ),
    retry: false,
  });
}

/**
 * "Fee $X · You will receive $Y" for an amount by a method (null: by bank transfer), at that
 * method's fee now in force (server-computed).
 */
export function withdrawalQuoteQuery(amountCents: number, methodId: string | null) {
  const method = methodId === null ? '' : `&methodId=${encodeURIComponent(methodId)}`;
  return queryOptions({
    queryKey: withdrawalKeys.quote(amountCents, methodId),
    queryFn: ({ signal }) =>
      api.get<WithdrawalQuote>(
        `/api/withdrawals/quote?amount=${encodeURIComponent(centsToPlain(amountCents))}${method}`,
        signal,
      ),
    staleTime: 30_000,
  });
}

/** The public fee schedule (GET /api/settings/fees). */
export const feeScheduleQuery = queryOptions({
  queryKey: withdrawalKeys.fees,
  queryFn: ({ signal }) => api.get<FeeSchedule>('/api/settings/fees', signal),
  staleTime: 60_000,
});

/**
 * Sends one withdrawal request. The confirmation that uses it is mounted once per intent, so the
 * idempotency key is made when it opens and reused by "Try again"; on success every money figure
 * is stale.
 */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (input: CreateWithdrawalInput) => withdrawalsApi.create(input, idempotencyKey),
    onSuccess: () => void invalidateMoney(queryClient),
  });
}
