import { and, eq, sql } from 'drizzle-orm';
import { transactions } from '../src/modules/ledger/ledger.schema';
import { toTransaction } from '../src/modules/ledger/transaction.view';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@app/shared/schemas/transactions';
import { TestClient, type TestApp } from './harness';
import {
  activeUser,
  bankWithdrawal,
  fund,
  fundedInvestor,
  methodIds,
  useMoneyApp,
} from './money-helpers';

let t: TestApp;
let admin: TestClient;
useMoneyApp((made) => ({ t, admin } = made));

type Page = { items: Transaction[]; nextCursor: string | null };

describe('GET /api/transactions', () => {
  it('lists only my own, newest first, paginated by cursor without gaps or repeats', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const { crypto } = await methodIds(t);
    await fund(t, admin, other.client, 1_000);
    const created: string[] = [];
    for (let i = 1; i <= 7; i += 1) {
      t.clock.advance(1_000);
      const response = await me.client.post('/api/deposits', { methodId: crypto, amount: `${i}` });
      created.push(response.json<{ transaction: Transaction }>().transaction.transactionId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/transactions?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: Page = (await me.client.get(url)).json<Page>();
      seen.push(...page.items.map((item) => item.transactionId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it('breaks ties on equal timestamps by id (no row lost between pages)', async () => {
    const me = await activeUser(t);
    const { crypto } = await methodIds(t);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        me.client.post('/api/deposits', { methodId: crypto, amount: '1' }),
      ),
    );
    const first = (await me.client.get('/api/transactions?limit=2')).json<Page>();
    const second = (
      await me.client.get(`/api/transactions?limit=10&cursor=${first.nextCursor}`)
    ).json<Page>();
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(5);
    expect(second.nextCursor).toBeNull();
  });

  it('searches transactionId, crypto and description case-insensitively', async () => {
    const me = await activeUser(t);
    const { crypto, bank } = await methodIds(t);
    const btc = (await me.client.post('/api/deposits', { methodId: crypto, amount: '5' })).json<{
      transaction: Transaction;
    }>().transaction;
    await me.client.post('/api/deposits', { methodId: bank, amount: '6' });
    const byId = (
      await me.client.get(`/api/transactions?q=${btc.transactionId.toLowerCase()}`)
    ).json<Page>();
    expect(byId.items.map((i) => i.id)).toEqual([btc.id]);
    const byCrypto = (await me.client.get('/api/transactions?q=bItCoIn')).json<Page>();
    expect(byCrypto.items.map((i) => i.id)).toEqual([btc.id]);
    const byDescription = (await me.client.get('/api/transactions?q=deposit%20via')).json<Page>();
    expect(byDescription.items).toHaveLength(2);
    const wildcard = (await me.client.get('/api/transactions?q=%25')).json<Page>();
    expect(wildcard.items).toHaveLength(0);
  });

  it('refuses a limit above 100, a bad cursor, and never uses OFFSET', async () => {
    const me = await activeUser(t);
    expect((await me.client.get('/api/transactions?limit=101')).json()).toMatchObject({
      error: { field: 'limit' },
    });
    expect((await me.client.get('/api/transactions?cursor=nonsense')).json()).toMatchObject({
      error: { field: 'cursor' },
    });
  });

  it("another user's transaction is 404; a visitor gets 401", async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const theirs = await fund(t, admin, other.client, 1_000);
    expect((await other.client.get(`/api/transactions/${theirs.transactionId}`)).statusCode).toBe(
      200,
    );
    const response = await me.client.get(`/api/transactions/${theirs.transactionId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'TRANSACTION_NOT_FOUND', message: 'Transaction not found' },
    });
    expect((await me.client.get(`/api/transactions/${theirs.id}`)).statusCode).toBe(404);
    const list = (await me.client.get('/api/transactions')).json<Page>();
    expect(list.items.find((i) => i.id === theirs.id)).toBeUndefined();
    expect((await new TestClient(t.app).get('/api/transactions')).statusCode).toBe(401);
  });

  it("admins list every user's transactions, filterable by status and kind", async () => {
    const me = await activeUser(t);
    const { crypto } = await methodIds(t);
    const pending = (
      await me.client.post('/api/deposits', { methodId: crypto, amount: '3' })
    ).json<{
      transaction: Transaction;
    }>().transaction;
    const page = (
      await admin.get(`/api/admin/transactions?status=pending&kind=deposit&userId=${me.user.id}`)
    ).json<{ items: (Transaction & { user: { email: string } })[] }>();
    expect(page.items.map((i) => i.id)).toEqual([pending.id]);
    expect(page.items[0]?.user.email).toBe(me.input.email);
  });
});

describe('the list as PostgreSQL writes it', () => {
  it('is, item for item, the transaction as toTransaction shows it (every kind, fees, payout details, microseconds)', async () => {
    const me = await activeUser(t);
    const { crypto } = await methodIds(t);
    await fund(t, admin, me.client, 50_000);
    t.clock.advance(1_000);
    const pending = await me.client.post('/api/deposits', { methodId: crypto, amount: '12.34' });
    const rejectedId = pending.json<{ transaction: Transaction }>().transaction.id;
    expect(
      (await admin.post(`/api/admin/deposits/${rejectedId}/reject`, { reason: 'No funds arrived' }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(1_000);
    await me.client.post('/api/deposits', { methodId: crypto, amount: '7' });
    t.clock.advance(1_000);
    expect((await me.client.post('/api/withdrawals', bankWithdrawal('25.50'))).statusCode).toBe(
      201,
    );
    t.clock.advance(1_000);
    await admin.post(`/api/admin/users/${me.user.id}/adjustments`, {
      bucket: 'bonus',
      amount: '5',
      reason: 'Welcome "gift" \\ ünïcode',
    });
    // A time with microseconds, as now() writes them: the API shows milliseconds, truncated.
    await t.db.execute(
      sql`UPDATE transactions SET updated_at = updated_at + interval '987 microseconds' WHERE user_id = ${me.user.id} AND status = 'pending'`,
    );

    const rows = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, me.user.id))
      .orderBy(sql`${transactions.createdAt} DESC, ${transactions.id} DESC`);
    expect(new Set(rows.map((r) => r.kind)).size).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.feeCents > 0n && r.payoutDetails !== null)).toBe(true);
    expect(rows.some((r) => r.status === 'failed' && r.failureReason !== null)).toBe(true);
    // Absent details are SQL's NULL, not JSON's null (insertTransaction encodes them itself).
    const jsonNulls = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM transactions WHERE user_id = ${me.user.id}
          AND ('null' IN (jsonb_typeof(payout_details), jsonb_typeof(description_parts)))`,
    );
    expect(jsonNulls.rows[0]?.n).toBe(0);
    expect(rows.some((r) => r.payoutDetails === null)).toBe(true);
    const page = (await me.client.get('/api/transactions?limit=100')).json<Page>();
    expect(page.items).toEqual(rows.map(toTransaction));
    // Each one as its own page shows it (the single view is toTransaction's).
    for (const item of page.items) {
      const one = await me.client.get(`/api/transactions/${item.transactionId}`);
      expect(one.json<{ transaction: Transaction }>().transaction).toEqual(item);
    }
    // The search and the next page come out of the same statement.
    const found = (await me.client.get('/api/transactions?q=gift')).json<Page>();
    expect(found.items.map((i) => i.kind)).toEqual(['adjustment_bonus']);
    const first = (await me.client.get('/api/transactions?limit=2')).json<Page>();
    const rest = (
      await me.client.get(`/api/transactions?limit=100&cursor=${first.nextCursor}`)
    ).json<Page>();
    expect([...first.items, ...rest.items]).toEqual(page.items);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('the transactions table', () => {
  it('a status leaves pending at most once, and money fields never change (enforced in SQL)', async () => {
    const me = await activeUser(t);
    const done = await fund(t, admin, me.client, 1_000);
    await expect(
      t.db.execute(
        sql`UPDATE transactions SET status = 'failed', failure_reason = 'x' WHERE id = ${done.id}`,
      ),
    ).rejects.toMatchObject({
      cause: { message: `transaction ${done.transactionId} is already success` },
    });
    await expect(
      t.db.execute(sql`UPDATE transactions SET status = 'pending' WHERE id = ${done.id}`),
    ).rejects.toThrow();
    const { crypto } = await methodIds(t);
    const open = (await me.client.post('/api/deposits', { methodId: crypto, amount: '1' })).json<{
      transaction: Transaction;
    }>().transaction;
    await expect(
      t.db.execute(sql`UPDATE transactions SET amount_cents = 999999 WHERE id = ${open.id}`),
    ).rejects.toMatchObject({
      cause: { message: `transaction ${open.transactionId} money fields are immutable` },
    });
    await expect(
      t.db.execute(sql`DELETE FROM transactions WHERE id = ${open.id}`),
    ).rejects.toThrow();
  });
});

describe('transaction descriptions for the reader’s language', () => {
  it('carry a code and parameters beside the English sentence; older rows carry null', async () => {
    const me = await fundedInvestor(t, admin, 500);
    t.clock.advance(1_000);
    const adjusted = await admin.post(`/api/admin/users/${me.user.id}/adjustments`, {
      bucket: 'bonus',
      amount: '5',
      reason: 'Welcome gift',
    });
    expect(adjusted.statusCode).toBeLessThan(300);
    const page = (await me.client.get('/api/transactions')).json<Page>();
    const byKind = new Map(page.items.map((item) => [item.kind, item]));
    expect(byKind.get('deposit')).toMatchObject({
      description: 'Deposit via Bitcoin (BTC)',
      descriptionParts: { code: 'deposit', method: 'Bitcoin (BTC)' },
    });
    expect(byKind.get('adjustment_bonus')).toMatchObject({
      description: 'Bonus adjustment: Welcome gift',
      descriptionParts: { code: 'adjustment', bucket: 'bonus', reason: 'Welcome gift' },
    });

    // The dashboard's recent list carries them too.
    const summary = (await me.client.get('/api/account/summary')).json<{
      recentTransactions: Transaction[];
    }>();
    expect(summary.recentTransactions[0]?.descriptionParts).toMatchObject({ code: 'adjustment' });

    // A row booked before codes existed (the column is null): the English sentence only.
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, me.user.id), eq(transactions.kind, 'deposit')));
    if (!row) throw new Error('deposit row missing');
    expect(toTransaction({ ...row, descriptionParts: null })).toMatchObject({
      description: 'Deposit via Bitcoin (BTC)',
      descriptionParts: null,
    });
  });
});
