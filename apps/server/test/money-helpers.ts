import { sql } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import { centsToPlain } from '@app/shared/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { passAppropriateness } from './appropriateness-helpers';
import {
  approvedBySecondAdmin,
  registerUser,
  useTestApp,
  type TestClient,
  type TestApp,
} from './harness';

/** After every test of the file: every ledger invariant still holds. */
export function auditAfterEach(get: () => TestApp): void {
  afterEach(async () => {
    expect(await auditLedger(get().db)).toEqual([]);
  });
}

export { adminClient } from './harness';

/**
 * The file's app and signed-in admin (see useTestApp), with every ledger invariant checked after
 * each test: `useMoneyApp((made) => ({ t, admin } = made))`.
 */
export function useMoneyApp(assign: (made: { t: TestApp; admin: TestClient }) => void): void {
  useTestApp(assign, {
    afterEachTest: async (t) => {
      expect(await auditLedger(t.db)).toEqual([]);
    },
  });
}

/** An active investor whose deposit of `cents` the admin has approved. */
export async function fundedInvestor(
  t: TestApp,
  admin: TestClient,
  cents: number,
  name?: string,
): Promise<Awaited<ReturnType<typeof activeUser>>> {
  const investor = await activeUser(t, name);
  await fund(t, admin, investor.client, cents);
  return investor;
}

/**
 * A registered user whose account an admin has activated (activation belongs to another issue)
 * and who has taken the appropriateness check (appropriateness.test.ts proves the check).
 */
export async function activeUser(t: TestApp, name = 'Ada Lovelace') {
  const registered = await registerUser(t.app, { name });
  await t.db.execute(
    sql`UPDATE users SET is_active = true, activated_at = now() WHERE id = ${registered.user.id}`,
  );
  await passAppropriateness(t.ctx, registered.user.id);
  return registered;
}

/** The active methods a deposit is reported and reviewed on (a rail's method is credited from the chain). */
export async function methodIds(t: TestApp): Promise<{ crypto: string; bank: string }> {
  const rows = await t.db.execute<{ id: string; kind: string }>(
    sql`SELECT id, kind FROM payment_methods
        WHERE retired_at IS NULL AND rail_network IS NULL ORDER BY sort_order`,
  );
  const crypto = rows.rows.find((r) => r.kind === 'crypto')?.id;
  const bank = rows.rows.find((r) => r.kind === 'bank')?.id;
  if (!crypto || !bank) throw new Error('demo payment methods missing');
  return { crypto, bank };
}

/** A crypto deposit of `amount` the user asks for (answered 201): the transaction, pending. */
export async function requestDeposit(t: TestApp, user: TestClient, amount: string) {
  const { crypto } = await methodIds(t);
  const deposit = await user.post('/api/deposits', { methodId: crypto, amount });
  expect(deposit.statusCode, deposit.body).toBe(201);
  return deposit.json<{ transaction: Transaction }>().transaction;
}

/** Deposit `cents` as the user and approve it as the admin. */
export async function fund(
  t: TestApp,
  admin: TestClient,
  user: TestClient,
  cents: number,
): Promise<Transaction> {
  const { crypto } = await methodIds(t);
  const deposit = await user.post('/api/deposits', {
    methodId: crypto,
    amount: centsToPlain(cents),
  });
  if (deposit.statusCode !== 201) throw new Error(`deposit failed: ${deposit.body}`);
  const { transaction } = deposit.json<{ transaction: Transaction }>();
  const approved = await admin.post(`/api/admin/deposits/${transaction.id}/approve`);
  if (approved.statusCode === 202) {
    // Above the four-eyes threshold: a second admin approves it.
    const checked = await approvedBySecondAdmin(t, approved);
    if (checked.statusCode !== 200) throw new Error(`second approval failed: ${checked.body}`);
    const booked = checked.json<{ transaction: Transaction | null }>().transaction;
    if (!booked) throw new Error('the deposit approval booked nothing');
    return booked;
  }
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return approved.json<{ transaction: Transaction }>().transaction;
}

export async function summaryOf(client: TestClient) {
  const response = await client.get('/api/account/summary');
  if (response.statusCode !== 200) throw new Error(`summary failed: ${response.body}`);
  return response.json<{
    availableCents: number;
    heldCents: number;
    investedCents: number;
    balanceCents: number;
    totalDepositsCents: number;
    totalWithdrawalsCents: number;
    totalProfitCents: number;
    totalBonusCents: number;
    percentUp: string | null;
    pendingWithdrawalsCount: number;
    recentTransactions: Transaction[];
  }>();
}

export async function countRows(
  t: TestApp,
  table: 'transactions' | 'journal_entries' | 'postings',
) {
  const result = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** A crypto withdrawal request body for `amount` to the wallet `walletAddress`, by method `methodId`. */
export const cryptoWithdrawal = (
  methodId: string | undefined,
  amount: string,
  walletAddress: string,
) => ({
  method: 'crypto',
  methodId,
  walletAddress,
  amount,
});

/** A bank withdrawal request body for `amount` (any value: validation tests send bad ones). */
export const bankWithdrawal = (amount: unknown) => ({
  method: 'bank',
  accountNumber: '12345678',
  accountName: 'Ada Lovelace',
  bankName: 'Analytical Bank',
  swiftCode: 'ANLYGB2L',
  routingNumber: '021000021',
  amount,
});
