import { ruleParams } from './rule-of';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Transaction } from '@app/shared/schemas/transactions';
import { findMailTo } from '../src/modules/mail/outbox.repo';
import { expectError, registerUser, type TestApp, type TestClient } from './harness';
import {
  activeUser,
  adminClient,
  countRows,
  cryptoWithdrawal,
  fund,
  methodIds,
  requestDeposit,
  summaryOf,
  useMoneyApp,
} from './money-helpers';

let t: TestApp;
let admin: TestClient;
/** A payment method id no method has: the schema takes it, the service refuses it. */
const UNKNOWN_METHOD = '00000000-0000-4000-8000-000000000000';
useMoneyApp((made) => ({ t, admin } = made));

describe('deposits', () => {
  it('"I have made the payment" records a pending credit with the method and reference, books nothing', async () => {
    const { client } = await activeUser(t);
    const { crypto } = await methodIds(t);
    const entriesBefore = await countRows(t, 'journal_entries');
    const response = await client.post('/api/deposits', {
      methodId: crypto,
      amount: '1,250.50',
      reference: '0xabc123',
    });
    expect(response.statusCode).toBe(201);
    const { transaction } = response.json<{ transaction: Transaction }>();
    expect(transaction).toMatchObject({
      type: 'credit',
      kind: 'deposit',
      status: 'pending',
      amountCents: 125_050,
      feeCents: 0,
      netCents: 125_050,
      crypto: 'Bitcoin (BTC)',
      description: 'Deposit via Bitcoin (BTC)',
      paymentReference: '0xabc123',
      failureReason: null,
    });
    expect(transaction.transactionId).toMatch(/^TNX-[A-Z0-9]{6}$/);
    expect(await countRows(t, 'journal_entries')).toBe(entriesBefore);
    expect((await summaryOf(client)).availableCents).toBe(0);
  });

  it('approval credits the available balance once, e-mails the user and is audited', async () => {
    const { client, input, user } = await activeUser(t);
    const approved = await fund(t, admin, client, 50_000);
    expect(approved.status).toBe('success');
    const summary = await summaryOf(client);
    expect(summary).toMatchObject({
      availableCents: 50_000,
      totalDepositsCents: 50_000,
      percentUp: '0.00',
      recentTransactions: [{ transactionId: approved.transactionId, status: 'success' }],
    });
    await t.ctx.mailer.idle();
    const [mail] = await findMailTo(t.db, input.email, 'deposit_approved');
    expect(mail?.subject).toBe('Your deposit of $500.00 is confirmed');
    const audit = await t.db.execute<{ action: string; actor_id: string; details: unknown }>(
      sql`SELECT action, actor_id, details FROM audit_log WHERE target_id = ${approved.transactionId}`,
    );
    expect(audit.rows.map((row) => [row.action, row.details])).toEqual([
      ['deposit.approved', { userId: user.id, amountCents: '50000' }],
    ]);
    expect(audit.rows[0]?.actor_id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await admin.post(`/api/admin/deposits/${approved.transactionId}/approve`);
    expect(again.statusCode).toBe(409);
    expectError(again, {
      code: 'DEPOSIT_ALREADY_DECIDED',
      params: { outcome: 'approved' },
      message: 'This deposit was already approved',
    });
    expect((await summaryOf(client)).availableCents).toBe(50_000);
  });

  it('two admins approving at once book it once; the second gets 409', async () => {
    const { client } = await activeUser(t);
    const transaction = await requestDeposit(t, client, '100');
    const second = await adminClient(t);
    const answers = await Promise.all([
      admin.post(`/api/admin/deposits/${transaction.id}/approve`),
      second.post(`/api/admin/deposits/${transaction.id}/approve`),
      admin.post(`/api/admin/deposits/${transaction.id}/approve`),
      second.post(`/api/admin/deposits/${transaction.id}/approve`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await summaryOf(client)).availableCents).toBe(10_000);
  });

  it('a decision on no such deposit is 404, and a deposit is not a withdrawal to pay', async () => {
    const { client } = await activeUser(t);
    const transaction = await requestDeposit(t, client, '12.34');
    const unknown = await admin.post('/api/admin/deposits/TNX-ZZZZZZ/approve');
    expect(unknown.statusCode).toBe(404);
    expectError(unknown, { code: 'DEPOSIT_NOT_FOUND' });
    const asWithdrawal = await admin.post(`/api/admin/withdrawals/${transaction.id}/pay`);
    expect(asWithdrawal.statusCode).toBe(404);
    expectError(asWithdrawal, { code: 'WITHDRAWAL_NOT_FOUND' });
    const mine = await client.get(`/api/transactions/${transaction.transactionId}`);
    expect(mine.json()).toMatchObject({ transaction: { status: 'pending' } });
    // By its TNX id as well as by its uuid.
    const approved = await admin.post(`/api/admin/deposits/${transaction.transactionId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await summaryOf(client)).availableCents).toBe(1_234);
  });

  it('rejection stores the reason the user sees and books nothing', async () => {
    const { client } = await activeUser(t);
    const { bank } = await methodIds(t);
    const deposit = await client.post('/api/deposits', { methodId: bank, amount: 75 });
    const { transaction } = deposit.json<{ transaction: Transaction }>();
    const missing = await admin.post(`/api/admin/deposits/${transaction.id}/reject`, {});
    expectError(missing, { message: 'Please enter a reason', field: 'reason' });
    const rejected = await admin.post(`/api/admin/deposits/${transaction.id}/reject`, {
      reason: 'No payment arrived',
    });
    expect(rejected.statusCode).toBe(200);
    const mine = await client.get(`/api/transactions/${transaction.transactionId}`);
    expect(mine.json()).toMatchObject({
      transaction: {
        status: 'failed',
        failureReason: 'No payment arrived',
        crypto: 'Bank Transfer',
      },
    });
    expect((await summaryOf(client)).availableCents).toBe(0);
    const late = await admin.post(`/api/admin/deposits/${transaction.id}/approve`);
    expectError(late, {
      code: 'DEPOSIT_ALREADY_DECIDED',
      params: { outcome: 'rejected' },
      message: 'This deposit was already rejected',
    });
  });

  it('bad input books nothing and names the field', async () => {
    const { client } = await activeUser(t);
    const { crypto } = await methodIds(t);
    const before = await countRows(t, 'transactions');
    const cases: [unknown, string, string][] = [
      [{ amount: '10' }, 'methodId', 'Please select a payment method'],
      [{ methodId: '', amount: '10' }, 'methodId', 'Please select a payment method'],
      [{ methodId: crypto }, 'amount', 'Please enter an amount'],
      [{ methodId: crypto, amount: '' }, 'amount', 'Please enter an amount'],
      [{ methodId: crypto, amount: '-5' }, 'amount', 'Amount must be greater than $0.00'],
      [{ methodId: crypto, amount: -5 }, 'amount', 'Amount must be greater than $0.00'],
      [{ methodId: crypto, amount: '0' }, 'amount', 'Amount must be greater than $0.00'],
      [{ methodId: crypto, amount: 'ten' }, 'amount', 'Amount must be a number'],
      [
        { methodId: crypto, amount: '1.005' },
        'amount',
        'Please enter a valid amount with at most 2 decimals',
      ],
      [
        { methodId: crypto, amount: 1e300 },
        'amount',
        'Amount must be less than or equal to $10,000,000.00',
      ],
      [
        { methodId: crypto, amount: '99999999999' },
        'amount',
        'Amount must be less than or equal to $10,000,000.00',
      ],
      [
        { methodId: crypto, amount: true },
        'amount',
        'Please enter a valid amount with at most 2 decimals',
      ],
      [{ methodId: UNKNOWN_METHOD, amount: '10' }, 'methodId', 'Please select a payment method'],
    ];
    for (const [body, field, message] of cases) {
      const response = await client.post('/api/deposits', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      // An unknown method passes the schema; the service refuses it with its own code.
      const unknownMethod = JSON.stringify(body).includes(UNKNOWN_METHOD);
      const code = unknownMethod ? 'PAYMENT_METHOD_REQUIRED' : 'VALIDATION_FAILED';
      const params = unknownMethod ? {} : { params: ruleParams(message) };
      expect(response.json(), JSON.stringify(body)).toEqual({
        error: { code, message, ...params, field },
      });
    }
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('an admin retrying an approval with its Idempotency-Key gets the first answer, not 409', async () => {
    const { client, user } = await activeUser(t);
    const transaction = await requestDeposit(t, client, '20');
    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    const headers = { 'idempotency-key': `approve-${transaction.id}` };
    const url = `/api/admin/deposits/${transaction.id}/approve`;
    const first = await admin.post(url, {}, headers);
    const retry = await admin.post(url, {}, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await summaryOf(client)).availableCents).toBe(2_000);
    // Realtime after commit, once (the replay publishes nothing).
    const toUser = publish.mock.calls.filter(([channel]) => channel === `user:${user.id}`);
    expect(toUser.map(([, event]) => event.type)).toEqual([
      'transactions.changed',
      'account.changed',
      'notifications.changed',
    ]);
    expect(publish.mock.calls.some(([channel]) => channel === 'admin')).toBe(true);
    publish.mockRestore();
  });

  it('an account that is not active yet cannot deposit (403); a withdrawal is only short of money', async () => {
    const { client } = await registerUser(t.app);
    const { crypto } = await methodIds(t);
    // Money can always leave (docs/product.md principle 4): the request is refused for the balance only.
    const withdrawal = await client.post(
      '/api/withdrawals',
      cryptoWithdrawal(crypto, '10', 'bc1q'),
    );
    expect(withdrawal.statusCode).toBe(400);
    expect(withdrawal.json()).toMatchObject({ error: { code: 'INSUFFICIENT_BALANCE' } });
    const response = await client.post('/api/deposits', { methodId: crypto, amount: '10' });
    expect(response.statusCode).toBe(403);
    expectError(response, {
      code: 'ACCOUNT_NOT_ACTIVE',
      message:
        'Your account is not active yet. Our team reviews every new account and activates it; we e-mail you when yours is active.',
    });
  });
});
