import { userFixture } from '../../../test/fixtures';

/** Jane as the back office lists her (the user fields and `deleted`). */
export const jane = {
  ...userFixture({
    id: '11111111-1111-4111-8111-111111111111',
    phone: '+1 555 0100',
    activatedAt: '2026-01-03T10:00:00.000Z',
  }),
  deleted: false,
};

/**
 * A row of the back office's transactions list: by default Jane Doe's pending $250 USDT deposit;
 * `overrides` make the row a test needs.
 */
export function transaction(overrides: Record<string, unknown>) {
  return {
    id: 'tx-1',
    transactionId: 'TNX-AB12CD',
    kind: 'deposit',
    type: 'credit',
    status: 'pending',
    amountCents: 25_000,
    feeCents: 0,
    netCents: 25_000,
    description: 'Deposit via USDT (TRC20)',
    crypto: 'USDT',
    paymentReference: '0xabc123',
    failureReason: null,
    methodId: null,
    payoutDetails: null,
    createdAt: '2026-03-04T09:00:00.000Z',
    updatedAt: '2026-03-04T09:00:00.000Z',
    decidedAt: null,
    user: { id: 'u1', name: 'Jane Doe', email: 'jane@example.com' },
    ...overrides,
  };
}
