import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@app/shared/schemas/transactions';
import { eventually } from '@app/shared/test/eventually';
import {
  depositApproved,
  referralBonus,
  withdrawalHeld,
  withdrawalReleased,
} from '../src/modules/ledger/domain';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { userNetByEntryKind } from './ledger-oracle';
import { postEntry } from '../src/modules/ledger/ledger.service';
import { approvedBySecondAdmin, type TestApp, type TestClient } from './harness';
import {
  activeUser,
  fund,
  fundedInvestor,
  methodIds,
  summaryOf,
  useMoneyApp,
} from './money-helpers';

let t: TestApp;
let admin: TestClient;
useMoneyApp((made) => ({ t, admin } = made));

/** Drizzle wraps the PostgreSQL error; its message is on `cause`. */
const causeMatches = (pattern: RegExp) => (error: unknown) =>
  pattern.test((error as { cause?: { message?: string } }).cause?.message ?? '');

/** Calls the posting function directly, as the bench does: codes, amounts, non-negative flags. */
const postDirect = (
  postings: { code: string; userId: string | null; amount: number; keep: boolean }[],
) =>
  sql`SELECT * FROM ledger_post_entry(
    ${sql.param(postings.map((p) => p.code))}::text[],
    ${sql.param(postings.map((p) => (p.userId ? 'available' : p.code.split(':')[1])))}::text[],
    ${sql.param(postings.map((p) => p.userId))}::uuid[],
    ${sql.param(postings.map((p) => String(p.amount)))}::bigint[],
    ${sql.param(postings.map((p) => p.keep))}::boolean[],
    'adjustment.balance', 'direct', NULL, NULL, NULL, now())`;

describe('the ledger in PostgreSQL: every write outside ledger_post_entry is refused', () => {
  const refusedOutside = (table: string) =>
    causeMatches(new RegExp(`^${table} changes only through ledger_post_entry`));

  it('an unbalanced entry, or one of a single posting, is refused and books nothing', async () => {
    const { user } = await activeUser(t);
    const available = `user:${user.id}:available`;
    for (const postings of [
      [
        { code: 'platform:adjustments', userId: null, amount: -500, keep: false },
        { code: available, userId: user.id, amount: 400, keep: true },
      ],
      [{ code: 'platform:adjustments', userId: null, amount: 0, keep: false }],
    ]) {
      await expect(t.db.execute(postDirect(postings))).rejects.toSatisfy(
        causeMatches(/journal entry is unbalanced/),
      );
    }
    const booked = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE description = 'direct'`,
    );
    expect(booked.rows[0]).toEqual({ n: 0 });
  });

  it('an entry or a posting inserted directly is refused, also into an entry another transaction booked', async () => {
    await fundedInvestor(t, admin, 1_000);
    await expect(
      t.db.execute(
        sql`INSERT INTO journal_entries (kind, description) VALUES ('deposit', 'empty')`,
      ),
    ).rejects.toSatisfy(refusedOutside('journal_entries'));
    // A balanced pair of postings added to an existing (committed) entry.
    await expect(
      t.db.execute(sql`
        INSERT INTO postings (entry_id, account_id, amount)
        SELECT (SELECT max(id) FROM journal_entries), id,
               CASE code WHEN 'platform:cash' THEN -500 ELSE 500 END
        FROM ledger_accounts WHERE code IN ('platform:cash', 'platform:payouts')`),
    ).rejects.toSatisfy(refusedOutside('postings'));
  });

  it('journal entries and postings are append-only; a balance cannot be typed in; nothing is deleted', async () => {
    const { user } = await fundedInvestor(t, admin, 1_000);
    await expect(t.db.execute(sql`UPDATE postings SET amount = amount * 2`)).rejects.toMatchObject({
      cause: { message: 'postings is append-only' },
    });
    await expect(t.db.execute(sql`DELETE FROM postings`)).rejects.toMatchObject({
      cause: { message: 'postings is append-only' },
    });
    await expect(t.db.execute(sql`DELETE FROM journal_entries`)).rejects.toMatchObject({
      cause: { message: 'journal_entries is append-only' },
    });
    await expect(
      t.db.execute(sql`UPDATE ledger_accounts SET balance = 1000000 WHERE user_id = ${user.id}`),
    ).rejects.toMatchObject({ cause: { message: 'a balance changes only through postings' } });
    await expect(
      t.db.execute(
        sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE code = 'platform:cash'`,
      ),
    ).rejects.toMatchObject({ cause: { message: 'a balance changes only through postings' } });
    await expect(
      t.db.execute(
        sql`UPDATE ledger_accounts SET user_id = NULL, kind = 'cash' WHERE user_id = ${user.id}`,
      ),
    ).rejects.toSatisfy(causeMatches(/is immutable/));
    await expect(
      t.db.execute(sql`DELETE FROM ledger_accounts WHERE user_id = ${user.id}`),
    ).rejects.toMatchObject({ cause: { message: 'ledger accounts are never deleted' } });
    await expect(
      t.db.execute(
        sql`INSERT INTO ledger_accounts (code, kind, balance) VALUES ('platform:x', 'x', 5)`,
      ),
    ).rejects.toMatchObject({ cause: { message: 'a ledger account opens at zero' } });
    // Nor a dashboard total: only the posting function keeps them.
    for (const statement of [
      sql`UPDATE ledger_user_totals SET net = net + 100 WHERE user_id = ${user.id}`,
      sql`INSERT INTO ledger_user_totals (user_id, entry_kind, net) VALUES (${user.id}, 'bonus', 5)`,
      sql`DELETE FROM ledger_user_totals WHERE user_id = ${user.id}`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toMatchObject({
        cause: { message: 'ledger totals change only through postings' },
      });
    }
    // The function's own marker does not outlive its call: a direct write after it is refused.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          postDirect([
            { code: 'platform:adjustments', userId: null, amount: -1, keep: false },
            { code: `user:${user.id}:available`, userId: user.id, amount: 1, keep: true },
          ]),
        );
        await tx.execute(
          sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${user.id}`,
        );
      }),
    ).rejects.toMatchObject({ cause: { message: 'a balance changes only through postings' } });
  });

  it('an overdraft is refused even when the caller did not flag the account non-negative (CHECK)', async () => {
    const { user } = await activeUser(t);
    await expect(
      t.db.execute(
        postDirect([
          { code: `user:${user.id}:available`, userId: user.id, amount: -100, keep: false },
          { code: 'platform:adjustments', userId: null, amount: 100, keep: false },
        ]),
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'user_balance_not_negative' } });
    // Flagged, the function books nothing and answers the balance it would have had.
    const answer = await t.db.execute<{ entry_id: string | null; balance_after: string }>(
      postDirect([
        { code: `user:${user.id}:available`, userId: user.id, amount: -100, keep: true },
        { code: 'platform:adjustments', userId: null, amount: 100, keep: false },
      ]),
    );
    expect(answer.rows[0]).toMatchObject({ entry_id: null, balance_after: '-100' });
  });

  it('new transactions get time-ordered ids (UUIDv7), so their keys are appended', async () => {
    const { client, user } = await activeUser(t);
    const idsOf = async () =>
      (
        await t.db.execute<{ id: string }>(
          sql`SELECT id::text FROM transactions WHERE user_id = ${user.id} ORDER BY created_at`,
        )
      ).rows.map((r) => r.id);
    await fund(t, admin, client, 100);
    // A key holds its millisecond (the database's clock): the second deposit comes in a later one.
    const firstMs = parseInt((await idsOf())[0]!.replace(/-/g, '').slice(0, 12), 16);
    await eventually(async () => {
      const now = await t.db.execute<{ ms: string }>(
        sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS ms`,
      );
      return Number(now.rows[0]?.ms) > firstMs;
    });
    await fund(t, admin, client, 200);
    const ids = await idsOf();
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id[14], id).toBe('7');
    expect(ids[0]! < ids[1]!).toBe(true);
  });

  it("keeps each user's totals per entry kind equal to their postings, and the audit checks it", async () => {
    const { user } = await fundedInvestor(t, admin, 2_500);
    const totals = async () =>
      (
        await t.db.execute<{ entry_kind: string; net: string }>(
          sql`SELECT entry_kind, net::text FROM ledger_user_totals WHERE user_id = ${user.id} ORDER BY entry_kind`,
        )
      ).rows;
    expect(await totals()).toEqual([{ entry_kind: 'deposit', net: '2500' }]);
    expect(Object.fromEntries(await userNetByEntryKind(t.db, user.id))).toEqual({
      deposit: 2500n,
    });

    // Tampering past the guard (the table owner turning it off) is what the audit catches.
    const tamper = (cents: number) =>
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`ALTER TABLE ledger_user_totals DISABLE TRIGGER ledger_user_totals_guard`,
        );
        await tx.execute(
          sql`UPDATE ledger_user_totals SET net = net + ${cents} WHERE user_id = ${user.id} AND entry_kind = 'deposit'`,
        );
        await tx.execute(
          sql`ALTER TABLE ledger_user_totals ENABLE TRIGGER ledger_user_totals_guard`,
        );
      });
    await tamper(1);
    const violations = await auditLedger(t.db);
    expect(violations.map((v) => v.check)).toEqual([
      "each user's total per entry kind equals the sum of their postings of that kind",
    ]);
    await tamper(-1);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('keeps the pending queue equal to the pending transactions, and the audit checks it', async () => {
    const { client } = await activeUser(t);
    const { crypto } = await methodIds(t);
    const requested = await client.post('/api/deposits', { methodId: crypto, amount: '12.34' });
    expect(requested.statusCode).toBe(201);
    const { transaction } = requested.json<{ transaction: Transaction }>();
    const queued = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pending_transactions q JOIN transactions x
              ON x.id = q.transaction_id WHERE x.transaction_id = ${transaction.transactionId}`,
        )
      ).rows[0]!.n;
    const pendingList = async () =>
      (await admin.get('/api/admin/transactions?status=pending&kind=deposit&limit=100'))
        .json<{ items: Transaction[] }>()
        .items.map((item) => item.transactionId);
    expect(await queued()).toBe(1);
    expect(await pendingList()).toContain(transaction.transactionId);

    // Tampering past the trigger (the table owner deleting from the queue) is what the audit catches.
    await t.db.execute(
      sql`DELETE FROM pending_transactions WHERE transaction_id = (SELECT id FROM transactions WHERE transaction_id = ${transaction.transactionId})`,
    );
    expect((await auditLedger(t.db)).map((v) => v.check)).toEqual([
      'the pending queue holds exactly the pending transactions',
    ]);
    await t.db.execute(
      sql`INSERT INTO pending_transactions (transaction_id, kind, created_at, user_id)
          SELECT id, kind, created_at, user_id FROM transactions WHERE transaction_id = ${transaction.transactionId}`,
    );
    expect(await auditLedger(t.db)).toEqual([]);

    // A decision writes no column any index reads: it is a HOT update (counted within this
    // transaction, then rolled back; the counters also hold this connection's unreported work).
    const hot = await t.db
      .transaction(async (tx) => {
        const count = async () =>
          (
            await tx.execute<{ updates: number; hot: number }>(
              sql`SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot
                  FROM pg_stat_xact_user_tables WHERE relname = 'transactions'`,
            )
          ).rows[0]!;
        const before = await count();
        await tx.execute(
          sql`UPDATE transactions SET status = 'failed', failure_reason = 'test', decided_at = now(),
              updated_at = now() WHERE id = ${transaction.id}`,
        );
        const after = await count();
        const counted = { updates: after.updates - before.updates, hot: after.hot - before.hot };
        throw Object.assign(new Error('roll back'), { counted });
      })
      .catch((error: { counted?: unknown }) => error.counted);
    expect(hot).toEqual({ updates: 1, hot: 1 });

    expect((await admin.post(`/api/admin/deposits/${transaction.id}/approve`)).statusCode).toBe(
      200,
    );
    expect(await queued()).toBe(0);
    expect(await pendingList()).not.toContain(transaction.transactionId);
  });

  it('one operation books at most once per transaction (UNIQUE (transaction_id, kind))', async () => {
    const { client, user } = await activeUser(t);
    const deposit = await fund(t, admin, client, 1_000);
    await expect(
      t.db.transaction((tx) =>
        postEntry(tx, depositApproved(user.id, 1_000n, 'again'), {
          transactionId: deposit.id,
          createdAt: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect((await summaryOf(client)).availableCents).toBe(1_000);
  });

  it('the audit finds a broken invariant (a hold with no pending withdrawal behind it)', async () => {
    const { user } = await activeUser(t);
    await t.db.transaction((tx) =>
      postEntry(tx, referralBonus(user.id, 300n, 'bonus'), { createdAt: new Date() }),
    );
    expect(await auditLedger(t.db)).toEqual([]);
    // Book a hold with no withdrawal transaction: the books balance, the projection does not.
    await t.db.transaction(async (tx) => {
      await postEntry(tx, withdrawalHeld(user.id, 100n, 'orphan hold'), { createdAt: new Date() });
    });
    const violations = await auditLedger(t.db);
    expect(violations).toEqual([
      {
        check: 'each withdrawal hold equals the sum of the pending withdrawals',
        detail: `user ${user.id}: held 100, pending 0`,
      },
    ]);
    // Put it back (release the orphan hold) so the file's after-each audit passes.
    await t.db.transaction(async (tx) => {
      await postEntry(tx, withdrawalReleased(user.id, 100n, 'undo orphan hold'), {
        createdAt: new Date(),
      });
    });
  });
});

describe('admin adjustments', () => {
  it('book a ledger entry, a success transaction the user sees and an audit entry', async () => {
    const { client, user } = await activeUser(t);
    const url = `/api/admin/users/${user.id}/adjustments`;
    const profit = await admin.post(url, {
      bucket: 'profit',
      amount: '12.50',
      reason: 'Correction of trade #12',
    });
    expect(profit.statusCode).toBe(201);
    expect(profit.json()).toMatchObject({
      transaction: {
        kind: 'adjustment_profit',
        type: 'credit',
        status: 'success',
        amountCents: 1_250,
        description: 'Profit adjustment: Correction of trade #12',
      },
    });
    await admin.post(url, { bucket: 'bonus', amount: 5, reason: 'Welcome campaign' });
    await admin.post(url, { bucket: 'balance', amount: '100', reason: 'Goodwill' });
    const down = await admin.post(url, { bucket: 'balance', amount: '-30', reason: 'Reversal' });
    expect(down.json()).toMatchObject({ transaction: { type: 'withdraw', amountCents: 3_000 } });
    expect(await summaryOf(client)).toMatchObject({
      availableCents: 1_250 + 500 + 10_000 - 3_000,
      totalProfitCents: 1_250,
      totalBonusCents: 500,
      totalDepositsCents: 0,
      percentUp: null,
    });
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_id = ${user.id} AND action LIKE 'adjustment.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'adjustment.profit',
      'adjustment.bonus',
      'adjustment.balance',
      'adjustment.balance',
    ]);
    const list = (await client.get('/api/transactions')).json<{ items: Transaction[] }>();
    expect(list.items).toHaveLength(4);
  });

  it('refuse an empty amount, a missing reason, negative profit and going below zero', async () => {
    const { client, user } = await activeUser(t);
    const url = `/api/admin/users/${user.id}/adjustments`;
    const cases: [unknown, string, string][] = [
      [{ bucket: 'balance', amount: '', reason: 'x' }, 'amount', 'Enter amount first!'],
      [{ bucket: 'balance', reason: 'x' }, 'amount', 'Enter amount first!'],
      [{ bucket: 'balance', amount: '0', reason: 'x' }, 'amount', 'Enter amount first!'],
      [{ bucket: 'balance', amount: '5' }, 'reason', 'Please enter a reason'],
      [
        { bucket: 'profit', amount: '-5', reason: 'x' },
        'amount',
        'Only balance adjustments can be negative',
      ],
      [{ bucket: 'balance', amount: '-5', reason: 'x' }, 'amount', 'Insufficient balance'],
      [{ bucket: 'cash', amount: '5', reason: 'x' }, 'bucket', 'Choose balance, profit or bonus'],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ error: { message, field } });
    }
    const unknown = await admin.post(
      '/api/admin/users/00000000-0000-4000-8000-000000000000/adjustments',
      { bucket: 'balance', amount: '5', reason: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await summaryOf(client)).availableCents).toBe(0);
  });
});

describe('payment methods', () => {
  it('admins add, edit and retire; users see the active ones; history keeps its method', async () => {
    const { client } = await activeUser(t);
    // Where money goes: each waits for a second admin, who approves it.
    const created = await approvedBySecondAdmin(
      t,
      await admin.post('/api/admin/payment-methods', {
        kind: 'crypto',
        name: 'Ether',
        network: 'ERC20',
        address: '0xdemo',
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const methodOf = async () =>
      (await admin.get('/api/admin/payment-methods'))
        .json<{
          methods: { id: string; name: string; address: string | null; network: string | null }[];
        }>()
        .methods.find((m) => m.name === 'Ether');
    const method = await methodOf();
    if (!method) throw new Error('the approved method is missing');
    const edited = await approvedBySecondAdmin(
      t,
      await admin.request('PATCH', `/api/admin/payment-methods/${method.id}`, {
        address: '0xdemo2',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await methodOf()).toMatchObject({ address: '0xdemo2', network: 'ERC20' });
    const wrongKind = await admin.request('PATCH', `/api/admin/payment-methods/${method.id}`, {
      bankName: 'x',
    });
    expect(wrongKind.json()).toMatchObject({ error: { field: 'bankName' } });
    const deposit = (
      await client.post('/api/deposits', { methodId: method.id, amount: '9' })
    ).json<{ transaction: Transaction }>().transaction;
    expect((await admin.delete(`/api/admin/payment-methods/${method.id}`)).statusCode).toBe(200);
    const list = (await client.get('/api/payment-methods')).json<{ methods: { id: string }[] }>();
    expect(list.methods.map((m) => m.id)).not.toContain(method.id);
    expect(list.methods.length).toBeGreaterThanOrEqual(3);
    const mine = (await client.get(`/api/transactions/${deposit.transactionId}`)).json<{
      transaction: Transaction;
    }>();
    expect(mine.transaction).toMatchObject({ methodId: method.id, crypto: 'Ether (ERC20)' });
    const again = await client.post('/api/deposits', { methodId: method.id, amount: '9' });
    expect(again.json()).toMatchObject({ error: { field: 'methodId' } });
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_id = ${method.id} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'payment_method.created',
      'approval.requested',
      'payment_method.updated',
      'payment_method.retired',
    ]);
    const missing = await admin.post('/api/admin/payment-methods', { kind: 'bank', name: 'B' });
    expect(missing.json()).toMatchObject({
      error: { field: 'bankName', message: 'Bank Name is required' },
    });
  });
});
