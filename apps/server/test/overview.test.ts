import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectAdminOnly, registerUser, type TestApp } from './harness';
import { activeUser, adminClient, auditAfterEach, fund, methodIds } from './money-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
auditAfterEach(() => t);

describe('admin overview', () => {
  it('is admin-only', async () => {
    await expectAdminOnly(t, '/api/admin/overview');
  });

  it('derives users, money, pending totals and daily volumes from the books', async () => {
    const admin = await adminClient(t);
    const before = (await admin.get('/api/admin/overview')).json<{
      users: { total: number; pending: number; active: number };
    }>();
    const alice = await activeUser(t, 'Alice');
    const bob = await activeUser(t, 'Bob');
    await registerUser(t.app, { name: 'Pending Pat' });
    await fund(t, admin, alice.client, 500_000);
    await fund(t, admin, bob.client, 20_000);
    const { crypto } = await methodIds(t);
    await alice.client.post('/api/deposits', { methodId: crypto, amount: '75.50' });
    const withdrawal = await alice.client.post('/api/withdrawals', {
      method: 'crypto',
      methodId: crypto,
      walletAddress: 'bc1qexampleexampleexample',
      amount: '100',
    });
    expect(withdrawal.statusCode).toBe(201);

    const overview = (await admin.get('/api/admin/overview')).json<{
      users: { total: number; pending: number; active: number };
      money: { availableCents: number; investedCents: number; heldCents: number };
      pending: {
        deposits: { count: number; totalCents: number };
        withdrawals: { count: number; totalCents: number };
      };
      volumes: { day: string; depositsCents: number; withdrawalsCents: number }[];
    }>();
    // Three users, and the second admin who approved Alice's $5,000 deposit (admins count too).
    expect(overview.users.total - before.users.total).toBe(4);
    expect(overview.users.active - before.users.active).toBe(3);
    expect(overview.users.pending - before.users.pending).toBe(1);
    expect(overview.money).toEqual({
      availableCents: 510_000,
      investedCents: 0,
      heldCents: 10_000,
    });
    expect(overview.pending.deposits).toEqual({ count: 1, totalCents: 7_550 });
    expect(overview.pending.withdrawals).toEqual({ count: 1, totalCents: 10_000 });
    expect(overview.volumes).toHaveLength(30);
    const today = overview.volumes[overview.volumes.length - 1];
    expect(today?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today?.depositsCents).toBe(520_000);
    expect(today?.withdrawalsCents).toBe(0);
  });

  it('counts the same users as the list each figure links to, admins and closed accounts included (issue 39)', async () => {
    const admin = await adminClient(t);
    await activeUser(t, 'Listed');
    await registerUser(t.app, { name: 'Waiting Wes' });
    const closing = await registerUser(t.app, { name: 'Closed Cleo' });
    expect((await admin.delete(`/api/admin/users/${closing.user.id}`)).statusCode).toBe(200);

    async function listed(filter: string): Promise<number> {
      let count = 0;
      let cursor: string | null = null;
      do {
        const query: string = `filter=${filter}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = (await admin.get(`/api/admin/users?${query}`)).json<{
          users: unknown[];
          nextCursor: string | null;
        }>();
        count += page.users.length;
        cursor = page.nextCursor;
      } while (cursor);
      return count;
    }
    const { users } = (await admin.get('/api/admin/overview')).json<{
      users: { total: number; pending: number; active: number; closed: number };
    }>();
    expect(users.total).toBe(await listed('all'));
    expect(users.active).toBe(await listed('active'));
    expect(users.pending).toBe(await listed('pending'));
    expect(users.closed).toBeGreaterThanOrEqual(1);
    expect(users.total).toBe(users.active + users.pending + users.closed);
  });
});
