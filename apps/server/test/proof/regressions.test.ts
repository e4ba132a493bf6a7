import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, TestClient, uniqueEmail, type TestApp } from '../harness';
import { activeUser, adminClient } from '../money-helpers';

/** Bugs the fuzzer found, each pinned by the smallest request that showed it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function count(
  table: 'users' | 'contact_messages' | 'audit_log' | 'transactions',
): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  );
  return rows.rows[0]?.n ?? -1;
}

describe('answers from the router itself', () => {
  it('a bad percent-escape in the path is a 400 in the {error:{code,message}} shape', async () => {
    const response = await new TestClient(t.app).get('/api/transactions/%zz');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The address is not valid',
        params: { rule: 'ADDRESS_NOT_VALID' },
      },
    });
  });

  it('an over-long path parameter is a 414 in the {error:{code,message}} shape', async () => {
    const response = await new TestClient(t.app).delete(`/api/auth/sessions/${'x'.repeat(200)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: { code: 'ADDRESS_TOO_LONG', message: 'The address is too long' },
    });
  });
});

describe('the NUL character (PostgreSQL text cannot hold it)', () => {
  const refused = { code: 'TEXT_CONTAINS_NUL', message: 'Text must not contain the NUL character' };

  it('in a sign-up or contact field: 400 naming the field, nothing stored', async () => {
    const visitor = new TestClient(t.app);
    const users = await count('users');
    const register = await visitor.post('/api/auth/register', {
      name: 'Ada\u0000',
      email: uniqueEmail(),
      phone: '+44 20 7946 0000',
      country: 'United Kingdom',
      password: 'correct-horse-battery',
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({ error: { ...refused, field: 'name' } });
    expect(await count('users')).toBe(users);

    const messages = await count('contact_messages');
    const contact = await visitor.post('/api/contact', {
      name: 'Ada',
      email: 'ada@example.com',
      message: 'hello\u0000world',
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual({ error: { ...refused, field: 'message' } });
    expect(await count('contact_messages')).toBe(messages);
  });

  it('in a profile, withdrawal or admin field: 400 naming the field, nothing changed', async () => {
    const { client } = await activeUser(t);
    const admin = await adminClient(t);
    const { user } = await registerUser(t.app);
    const audit = await count('audit_log');
    const profile = await client.request('PATCH', '/api/profile', {
      phone: '+1\u0000',
      country: 'France',
    });
    expect(profile.json()).toEqual({ error: { ...refused, field: 'phone' } });
    const withdrawal = await client.post('/api/withdrawals', {
      method: 'bank',
      accountNumber: '1',
      accountName: 'A',
      bankName: 'B\u0000',
      swiftCode: 'S',
      routingNumber: 'R',
      amount: '10',
    });
    expect(withdrawal.json()).toEqual({ error: { ...refused, field: 'bankName' } });
    const adjustment = await admin.post(`/api/admin/users/${user.id}/adjustments`, {
      bucket: 'balance',
      amount: '10',
      reason: 'because\u0000',
    });
    expect(adjustment.json()).toEqual({ error: { ...refused, field: 'reason' } });
    expect(await count('audit_log')).toBe(audit);
  });

  it('in a search or filter parameter: 400 naming it', async () => {
    const { client } = await activeUser(t);
    const admin = await adminClient(t);
    for (const [who, url, field] of [
      [client, '/api/transactions?q=a%00b', 'q'],
      [client, '/api/profile/referrals?q=%00', 'q'],
      [admin, '/api/admin/users?q=%00', 'q'],
      [admin, '/api/admin/transactions?kind=%00', 'kind'],
      [admin, '/api/admin/audit?action=%00', 'action'],
    ] as const) {
      const response = await who.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: { ...refused, field } });
    }
  });
});

describe('a lone surrogate (no JSON column can store it)', () => {
  it('in a withdrawal or a rejection reason: 400 naming the field, nothing booked', async () => {
    const refused = { code: 'TEXT_NOT_UNICODE', message: 'Text must be valid Unicode' };
    const { client } = await activeUser(t);
    const admin = await adminClient(t);
    const transactions = await count('transactions');
    // Found by the fuzzer: the payout details are jsonb, and PostgreSQL refuses "\ud800" there.
    const withdrawal = await client.post('/api/withdrawals', {
      method: 'bank',
      accountNumber: '\ud800',
      accountName: 'A',
      bankName: 'B',
      swiftCode: 'S',
      routingNumber: 'R',
      amount: '10',
    });
    expect(withdrawal.statusCode).toBe(400);
    expect(withdrawal.json()).toEqual({ error: { ...refused, field: 'accountNumber' } });
    expect(await count('transactions')).toBe(transactions);
    // A rejection reason becomes an alert's params (jsonb) too.
    const reject = await admin.post(`/api/admin/deposits/${crypto.randomUUID()}/reject`, {
      reason: 'no \udc00 payment',
    });
    expect(reject.json()).toEqual({ error: { ...refused, field: 'reason' } });
  });
});
