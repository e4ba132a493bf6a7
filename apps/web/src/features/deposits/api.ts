import type { CreateDepositInput } from '@app/shared/schemas/money';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import type { Transaction } from '@app/shared/schemas/transactions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { invalidateMoney } from '../transactions/api';

export const depositKeys = {
  /** The active payment methods; the realtime `payment_methods.changed` event refreshes them. */
  paymentMethods: ['payment-methods'] as const,
};

/** The active payment methods (crypto addresses and bank accounts); `payment-methods.changed` refreshes them. */
export const paymentMethodsQuery = queryOptions({
  queryKey: depositKeys.paymentMethods,
  queryFn: ({ signal }) =>
    api
      .get<{ methods: PaymentMethod[] }>('/api/payment-methods', signal)
      .then((answer) => answer.methods),
  staleTime: 60_000,
});

export const depositsApi = {
  /** "I have made the payment": a pending deposit; the key makes a retry book it once. */
  create: (input: CreateDepositInput, idempotencyKey: string) =>
    api.post<{ transaction: Transaction }>('/api/deposits', input, idempotencyKey),
};

/**
 * "I have made the payment": the key comes with each call (one per confirmation, reused by a
 * retry); on success every money figure is stale.
 */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: CreateDepositInput;
      idempotencyKey: string;
    }) => depositsApi.create(input, idempotencyKey),
    onSuccess: () => void invalidateMoney(queryClient),
  });
}

/** What /deposits hands to /deposits/payment through navigation state. */
export interface DepositDraft {
  method: PaymentMethod;
  /** Plain two-decimal text ("250.00"). */
  amount: string;
}

export function isDepositDraft(value: unknown): value is DepositDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<DepositDraft>;
  return (
    typeof draft.amount === 'string' &&
    !!draft.method &&
    typeof draft.method === 'object' &&
    typeof draft.method.id === 'string' &&
    typeof draft.method.name === 'string'
  );
}
