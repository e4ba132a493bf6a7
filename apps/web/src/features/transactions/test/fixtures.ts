import type { Transaction } from '@app/shared/schemas/transactions';

export function tx(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: overrides.transactionId ?? 'id-1',
    transactionId: 'TNX-AB12CD',
    kind: 'deposit',
    type: 'credit',
    status: 'success',
    amountCents: 123_450,
    feeCents: 0,
    netCents: 123_450,
    description: 'Deposit via Bitcoin (BTC)',
    crypto: 'Bitcoin (BTC)',
    channel: 'crypto',
    paymentReference: null,
    failureReason: null,
    methodId: null,
    payoutDetails: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}
