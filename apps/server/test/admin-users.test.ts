import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, TestClient, type TestApp, useTestApp } from './harness';
import { findMailTo } from '../src/modules/mail/outbox.repo';
import { cryptoWithdrawal } from './money-helpers';

let t: TestApp;
let admin: TestClient;
useTestApp((made) => ({ t, admin } = made));

async function adminId(): Promise<string> {
  return (await admin.get('/api/auth/me')).json<{ user: { id: string } }>().user.id;
}

describe('admin: users', () => {
  it('answers 401 to a visitor and 403 to an investor on every admin user route', async () => {
    const { user, client } = await registerUser(t.app);
    const visitor = new TestClient(t.app);
    const routes: [string, string][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${user.id}`],
      ['POST', `/api/admin/users/${user.id}/activate`],
      ['POST', `/api/admin/users/${user.id}/make-admin`],
      ['PATCH', `/api/admin/users/${user.id}`],
      ['DELETE', `/api/admin/users/${user.id}`],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/messages'],
    ];
    for (const [method, url] of routes) {
      const body =
        method === 'PATCH'
          ? { phone: '1', country: 'X' }
          : method === 'GET' || method === 'DELETE'
            ? undefined
            : {};
      expect(
        (await visitor.request(method as 'GET', url, body)).statusCode,
        `${method} ${url} as visitor`,
      ).toBe(401);
      expect(
        (await client.request(method as 'GET', url, body)).statusCode,
        `${method} ${url} as investor`,
      ).toBe(403);
    }
    expect((await client.get('/api/auth/me')).json()).toMatchObject({
      user: { isActive: false, isAdmin: false },
    });
  });

  it('activates a pending user once, e-mails them and writes the audit log', async () => {
    const { user, client, input } = await registerUser(t.app);
    const pending = await admin.get('/api/admin/users?filter=pending&limit=100');
    expect(pending.json<{ users: { id: string }[] }>().users.map((u) => u.id)).toContain(user.id);

    expect((await admin.post(`/api/admin/users/${user.id}/activate`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/activate`)).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { isActive: true } });
    await t.ctx.mailer.idle();
    expect(await findMailTo(t.db, input.email, 'account_activated')).toHaveLength(1);
    const audit = await admin.get(`/api/admin/audit?targetId=${user.id}&action=user.activated`);
    const entries = audit.json<{ entries: { actorId: string; action: string }[] }>().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorId).toBe(await adminId());

    expect((await admin.post(`/api/admin/users/${user.id}/deactivate`)).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { isActive: false } });
  });

  it('pages through users with a cursor, newest first, without repeats', async () => {
    for (let i = 0; i < 5; i += 1) await registerUser(t.app, { name: `Pager ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/users?q=Pager&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await admin.get(url)).json<{
        users: { id: string; name: string }[];
        nextCursor: string | null;
      }>();
      seen.push(...page.users.map((u) => u.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Pager 4', 'Pager 3', 'Pager 2', 'Pager 1', 'Pager 0']);
    expect((await admin.get('/api/admin/users?cursor=garbage')).statusCode).toBe(400);
  });

  it('an admin cannot remove their own admin role, and the last admin cannot be removed or deleted', async () => {
    const me = await adminId();
    const own = await admin.post(`/api/admin/users/${me}/remove-admin`);
    expect(own.statusCode).toBe(400);
    expect((await admin.delete(`/api/admin/users/${me}`)).statusCode).toBe(400);

    const { user } = await registerUser(t.app);
    await admin.post(`/api/admin/users/${user.id}/make-admin`);
    const second = new TestClient(t.app);
    // The new admin removes the seeded admin; now the new admin is the last one.
    const { input } = await registerUser(t.app);
    void input;
    expect((await admin.post(`/api/admin/users/${user.id}/remove-admin`)).statusCode).toBe(200);
    void second;
    const list = await admin.get('/api/admin/users?filter=admin');
    expect(list.json<{ users: { id: string }[] }>().users.map((u) => u.id)).toEqual([me]);
  });

  it('updates phone and country with "No changes made" when nothing changed', async () => {
    const { user } = await registerUser(t.app);
    const same = await admin.request('PATCH', `/api/admin/users/${user.id}`, {
      phone: '+44 20 7946 0000',
      country: 'United Kingdom',
    });
    expect(same.json()).toMatchObject({ error: { message: 'No changes made' } });
    const changed = await admin.request('PATCH', `/api/admin/users/${user.id}`, {
      phone: '+33 1 00 00 00 00',
      country: 'France',
    });
    expect(changed.statusCode).toBe(200);
    const detail = (await admin.get(`/api/admin/users/${user.id}`)).json<{
      user: { country: string };
    }>();
    expect(detail.user.country).toBe('France');
  });

  it('deleting anonymises the person, ends their sessions and disables sign-in', async () => {
    const { user, client, input } = await registerUser(t.app, { name: 'Forget Me' });
    expect((await admin.delete(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(login.statusCode).toBe(401);
    const detail = (await admin.get(`/api/admin/users/${user.id}`)).json<{
      user: { name: string; email: string; deleted: boolean };
    }>();
    expect(detail.user).toMatchObject({ name: 'Deleted user', deleted: true });
    expect(detail.user.email).not.toContain(input.email);
  });

  it('shows a user their referrals only, filtered on the server', async () => {
    const referrer = await registerUser(t.app, { name: 'Ref Owner' });
    await registerUser(t.app, { name: 'Invited One', referrerId: referrer.user.referralId });
    await registerUser(t.app, { name: 'Invited Two', referrerId: referrer.user.referralId });
    const stranger = await registerUser(t.app);
    const mine = (await referrer.client.get('/api/profile/referrals')).json<{
      total: number;
      users: { name: string }[];
      referralLink: string;
    }>();
    expect(mine.total).toBe(2);
    expect(mine.users.map((u) => u.name).sort()).toEqual(['Invited One', 'Invited Two']);
    expect(mine.referralLink).toBe(
      `http://localhost:3000/register?refId=${referrer.user.referralId}`,
    );
    const search = (await referrer.client.get('/api/profile/referrals?q=two')).json<{
      users: { name: string }[];
    }>();
    expect(search.users.map((u) => u.name)).toEqual(['Invited Two']);
    expect((await stranger.client.get('/api/profile/referrals')).json()).toMatchObject({
      total: 0,
      users: [],
    });
  });
});

/** A registered user whom the admin activated and credited `amount` in `bucket` (an adjustment). */
async function creditedUser(bucket: 'balance' | 'bonus', amount: string, reason: string) {
  const registered = await registerUser(t.app);
  await admin.post(`/api/admin/users/${registered.user.id}/activate`);
  await admin.post(`/api/admin/users/${registered.user.id}/adjustments`, {
    bucket,
    amount,
    reason,
  });
  return registered;
}

describe('admin: user balances and transaction filters', () => {
  it("shows a user's balances from the ledger on their detail page", async () => {
    const { user } = await creditedUser('bonus', '25', 'Welcome gift');
    const detail = (await admin.get(`/api/admin/users/${user.id}`)).json<{
      summary: { availableCents: number; totalBonusCents: number };
    }>();
    expect(detail.summary).toMatchObject({ availableCents: 2500, totalBonusCents: 2500 });
  });

  it("gives the admin the user's own account summary, figure for figure (issue 39: one rule for both pages)", async () => {
    const { user, client } = await creditedUser('balance', '80', 'Credit');
    const crypto = (
      await t.db.execute<{ id: string }>(
        sql`SELECT id FROM payment_methods WHERE kind = 'crypto' AND retired_at IS NULL LIMIT 1`,
      )
    ).rows[0]?.id;
    const withdrawal = await client.post(
      '/api/withdrawals',
      cryptoWithdrawal(crypto, '30', 'bc1qexampleexampleexample'),
    );
    expect(withdrawal.statusCode).toBe(201);
    const own = (await client.get('/api/account/summary')).json<Record<string, unknown>>();
    const { summary } = (await admin.get(`/api/admin/users/${user.id}`)).json<{
      summary: Record<string, unknown>;
    }>();
    expect(summary).toEqual(own);
    expect(summary).toMatchObject({ availableCents: 5000, heldCents: 3000, balanceCents: 8000 });
  });

  it('filters all transactions by type and by date', async () => {
    const { user } = await creditedUser('balance', '40', 'Credit');
    await admin.post(`/api/admin/users/${user.id}/adjustments`, {
      bucket: 'balance',
      amount: '-15',
      reason: 'Debit',
    });
    const list = async (query: string) =>
      (await admin.get(`/api/admin/transactions?userId=${user.id}&${query}`)).json<{
        items: { type: string; amountCents: number }[];
      }>().items;
    expect((await list('type=withdraw')).map((tx) => tx.amountCents)).toEqual([1500]);
    expect((await list('type=credit')).map((tx) => tx.amountCents)).toEqual([4000]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`from=${today}&to=${today}`)).toHaveLength(2);
    expect(await list('to=2000-01-01')).toHaveLength(0);
    expect((await admin.get('/api/admin/transactions?from=yesterday')).statusCode).toBe(400);
  });
});
