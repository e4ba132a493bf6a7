import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adjustment, InsufficientFundsError } from '../src/modules/ledger/domain';
import { postEntries, postEntriesWithBalances } from '../src/modules/ledger/ledger.service';
import { heldWrite, someoneWaitsForALock, type TestApp } from './harness';
import { activeUser, useMoneyApp } from './money-helpers';

/**
 * A batch of entries in one call (`ledger_post_entries`, migrations 0065 and 0080, what a
 * stop-loss batch books): the same books, answers and refusals as posting the entries one by one,
 * each account moved once; the balances answered only when asked for. The ledger audit runs after each test (useMoneyApp).
 */
let t: TestApp;
useMoneyApp((made) => ({ t } = made));

const now = new Date('2026-11-29T12:00:00Z');
const meta = { createdAt: now };

async function balanceOf(code: string): Promise<bigint | null> {
  const { rows } = await t.db.execute<{ balance: string }>(
    sql`SELECT balance::text FROM ledger_accounts WHERE code = ${code}`,
  );
  return rows[0] ? BigInt(rows[0].balance) : null;
}

async function entryCount(): Promise<number> {
  const { rows } = await t.db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM journal_entries`,
  );
  return Number(rows[0]?.n);
}

/** A user's totals per entry kind (ledger_user_totals). */
async function totalsOf(userId: string): Promise<Record<string, string>> {
  const { rows } = await t.db.execute<{ kind: string; net: string }>(
    sql`SELECT entry_kind AS kind, net::text FROM ledger_user_totals WHERE user_id = ${userId}`,
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.net]));
}

describe('a batch of ledger entries in one call', () => {
  it('books what posting them one by one books, and answers each balance as after its entry', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    const bob = (await activeUser(t, 'Bob Brown')).user.id;
    const platform = 'platform:adjustments';
    const before = (await balanceOf(platform)) ?? 0n;
    const posted = await t.db.transaction((tx) =>
      postEntriesWithBalances(tx, [
        { entry: adjustment(ada, 'balance', 10_000n, 'first'), meta },
        { entry: adjustment(bob, 'balance', 2_500n, 'bob'), meta },
        { entry: adjustment(ada, 'balance', -4_000n, 'back'), meta },
        { entry: adjustment(ada, 'profit', 1_234n, 'profit'), meta },
      ]),
    );
    // Each entry answers its accounts' balances right after it, as one-by-one posting would.
    expect(posted.map((one) => Object.fromEntries(one.balances))).toEqual([
      { [platform]: before - 10_000n, [`user:${ada}:available`]: 10_000n },
      { [platform]: before - 12_500n, [`user:${bob}:available`]: 2_500n },
      { [platform]: before - 8_500n, [`user:${ada}:available`]: 6_000n },
      { [platform]: before - 9_734n, [`user:${ada}:available`]: 7_234n },
    ]);
    expect(new Set(posted.map((one) => one.entryId)).size).toBe(4);
    // Entry ids follow the batch's order.
    expect([...posted.map((one) => one.entryId)].sort((a, b) => (a < b ? -1 : 1))).toEqual(
      posted.map((one) => one.entryId),
    );
    expect(await balanceOf(`user:${ada}:available`)).toBe(7_234n);
    expect(await balanceOf(`user:${bob}:available`)).toBe(2_500n);
    expect(await balanceOf(platform)).toBe(before - 9_734n);
    // The users' totals per entry kind: one row per user and kind, the batch's sum.
    expect(await totalsOf(ada)).toEqual({
      'adjustment.balance': '6000',
      'adjustment.profit': '1234',
    });
    const { rows } = await t.db.execute<{ description: string }>(
      sql`SELECT description FROM journal_entries ORDER BY id DESC LIMIT 4`,
    );
    expect(rows.map((row) => row.description).reverse()).toEqual([
      'first',
      'bob',
      'back',
      'profit',
    ]);
  });

  it('answers the platform balances as booked when another entry moved them while the batch waited', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    const bob = (await activeUser(t, 'Bob Brown')).user.id;
    const platform = 'platform:adjustments';
    await t.db.transaction((tx) =>
      postEntries(tx, [
        { entry: adjustment(ada, 'balance', 1_000n, 'open'), meta },
        { entry: adjustment(bob, 'balance', 1_000n, 'open'), meta },
      ]),
    );
    const before = (await balanceOf(platform)) ?? 0n;
    // Another entry holds Ada's account and has moved the platform account, not yet committed: the
    // batch reads the platform account before it gets Ada's, and books it after.
    const held = await heldWrite(
      t,
      `SELECT * FROM ledger_post_entries(ARRAY[1, 1], ARRAY[$1, 'platform:adjustments'],
         ARRAY['available', 'adjustments'], ARRAY[$2::uuid, NULL], ARRAY[500, -500]::bigint[],
         ARRAY[true, false], ARRAY['adjustment.balance'], ARRAY['held'], ARRAY[NULL]::uuid[],
         ARRAY[NULL]::uuid[], ARRAY[now()], true)`,
      [`user:${ada}:available`, ada],
    );
    const batch = t.db.transaction((tx) =>
      postEntriesWithBalances(tx, [
        { entry: adjustment(ada, 'balance', 1_000n, 'ada'), meta },
        { entry: adjustment(bob, 'balance', 700n, 'bob'), meta },
      ]),
    );
    await someoneWaitsForALock(t);
    await held.commit();
    const posted = await batch;
    expect(posted.map((one) => Object.fromEntries(one.balances))).toEqual([
      { [platform]: before - 1_500n, [`user:${ada}:available`]: 2_500n },
      { [platform]: before - 2_200n, [`user:${bob}:available`]: 1_700n },
    ]);
    expect(await balanceOf(platform)).toBe(before - 2_200n);
  });

  it('books nothing when one entry would take a user account below zero', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    await t.db.transaction((tx) =>
      postEntries(tx, [{ entry: adjustment(ada, 'balance', 1_000n, 'start'), meta }]),
    );
    const entries = await entryCount();
    const refused = t.db.transaction((tx) =>
      postEntries(tx, [
        { entry: adjustment(ada, 'balance', 500n, 'in'), meta },
        { entry: adjustment(ada, 'balance', -1_600n, 'out'), meta },
        // Would have brought it back above zero: the running balance is checked, not the end.
        { entry: adjustment(ada, 'balance', 5_000n, 'later'), meta },
      ]),
    );
    await expect(refused).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(refused).rejects.toMatchObject({ availableCents: 1_500n });
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(`user:${ada}:available`)).toBe(1_000n);
  });

  it('refuses, in the database, an unbalanced entry, a posting of no entry and an entry across books', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    const available = `user:${ada}:available`;
    const call = (
      postings: { n: number; code: string; kind: string; user: string | null; amount: number }[],
      entries: number,
    ) =>
      t.db.execute(sql`SELECT * FROM ledger_post_entries(
        ${sql.param(postings.map((p) => p.n))}::integer[],
        ${sql.param(postings.map((p) => p.code))}::text[],
        ${sql.param(postings.map((p) => p.kind))}::text[],
        ${sql.param(postings.map((p) => p.user))}::uuid[],
        ${sql.param(postings.map((p) => String(p.amount)))}::bigint[],
        ${sql.param(postings.map((p) => p.user !== null))}::boolean[],
        ${sql.param(Array.from({ length: entries }, () => 'adjustment.balance'))}::text[],
        ${sql.param(Array.from({ length: entries }, () => 'direct'))}::text[],
        ${sql.param(Array.from({ length: entries }, () => null))}::uuid[],
        ${sql.param(Array.from({ length: entries }, () => null))}::uuid[],
        ${sql.param(Array.from({ length: entries }, () => now.toISOString()))}::timestamptz[],
        true)`);
    const cause = (pattern: RegExp) => (error: unknown) =>
      pattern.test((error as { cause?: { message?: string } }).cause?.message ?? '');
    const entries = await entryCount();
    const platform = { code: 'platform:adjustments', kind: 'adjustments', user: null };
    const user = { code: available, kind: 'available', user: ada };
    await expect(
      call(
        [
          { n: 1, ...platform, amount: -100 },
          { n: 1, ...user, amount: 100 },
          { n: 2, ...platform, amount: -100 },
          { n: 2, ...user, amount: 90 },
        ],
        2,
      ),
    ).rejects.toSatisfy(cause(/journal entry is unbalanced: 2 postings summing to -10/));
    await expect(
      call(
        [
          { n: 1, ...platform, amount: -100 },
          { n: 1, ...user, amount: 100 },
          { n: 3, ...platform, amount: -1 },
        ],
        2,
      ),
    ).rejects.toSatisfy(cause(/journal entry batch is malformed/));
    await expect(
      call(
        [
          { n: 1, ...platform, amount: -100 },
          { n: 1, ...user, amount: 100 },
          {
            n: 2,
            code: 'platform:practice_grants',
            kind: 'practice_grants',
            user: null,
            amount: -5,
          },
          { n: 2, ...user, amount: 5 },
        ],
        2,
      ),
    ).rejects.toSatisfy(cause(/journal entry spans two books/));
    expect(await entryCount()).toBe(entries);
  });
  it('books a batch unasked for balances with the same rows, and answers no row for it', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    const bob = (await activeUser(t, 'Bob Brown')).user.id;
    const platform = 'platform:adjustments';
    const before = (await balanceOf(platform)) ?? 0n;
    const entries = await entryCount();
    // The batch function as postEntries calls it: the last argument asks for no balances.
    const { rows } = await t.db.execute(sql`SELECT * FROM ledger_post_entries(
      ARRAY[1, 1, 2, 2, 3, 3], ARRAY[${platform}, ${`user:${ada}:available`}, ${platform},
        ${`user:${bob}:available`}, ${platform}, ${`user:${ada}:available`}],
      ARRAY['adjustments', 'available', 'adjustments', 'available', 'adjustments', 'available'],
      ARRAY[NULL, ${ada}, NULL, ${bob}, NULL, ${ada}]::uuid[],
      ARRAY[-3000, 3000, -2000, 2000, 500, -500]::bigint[],
      ARRAY[false, true, false, true, false, true],
      ARRAY['adjustment.balance', 'adjustment.balance', 'adjustment.profit'],
      ARRAY['a', 'b', 'c'], ARRAY[NULL, NULL, NULL]::uuid[], ARRAY[NULL, NULL, NULL]::uuid[],
      ARRAY[now(), now(), now()], false)`);
    expect(rows).toEqual([]);
    expect(await entryCount()).toBe(entries + 3);
    const codes = [`user:${ada}:available`, `user:${bob}:available`, platform];
    expect(await Promise.all(codes.map(balanceOf))).toEqual([2_500n, 2_000n, before - 4_500n]);
    expect(await totalsOf(ada)).toEqual({
      'adjustment.balance': '3000',
      'adjustment.profit': '-500',
    });
    const postings = await t.db.execute<{ n: string }>(sql`
      SELECT count(*)::text AS n FROM postings p JOIN journal_entries e ON e.id = p.entry_id
      WHERE e.description IN ('a', 'b', 'c')`);
    expect(postings.rows).toEqual([{ n: '6' }]);
  });

  it('leaves no mark behind: after a batch, a direct write to the books is refused in the same transaction', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    const bob = (await activeUser(t, 'Bob Brown')).user.id;
    const batch = [
      { entry: adjustment(ada, 'balance', 1_000n, 'ada'), meta },
      { entry: adjustment(bob, 'balance', 1_000n, 'bob'), meta },
    ];
    const refusals: [SQL, string][] = [
      [
        sql`INSERT INTO journal_entries (kind, description) VALUES ('deposit', 'direct')`,
        'journal_entries changes only through ledger_post_entry',
      ],
      [
        sql`INSERT INTO postings (entry_id, account_id, amount)
            SELECT (SELECT max(id) FROM journal_entries), id, 1
            FROM ledger_accounts WHERE code = 'platform:cash'`,
        'postings changes only through ledger_post_entry',
      ],
      [
        sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${ada}`,
        'a balance changes only through postings',
      ],
      [
        sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE code = 'platform:adjustments'`,
        'a balance changes only through postings',
      ],
      [
        sql`INSERT INTO ledger_user_totals (user_id, entry_kind, net) VALUES (${ada}, 'bonus', 5)`,
        'ledger totals change only through postings',
      ],
      [
        sql`UPDATE ledger_user_totals SET net = net + 1 WHERE user_id = ${ada}`,
        'ledger totals change only through postings',
      ],
    ];
    for (const post of [postEntries, postEntriesWithBalances]) {
      for (const [statement, message] of refusals) {
        await expect(
          t.db.transaction(async (tx) => {
            await post(tx, batch);
            await tx.execute(statement);
          }),
        ).rejects.toMatchObject({ cause: { message } });
      }
    }
    // Nor after a refused batch (it never marks its writes).
    await expect(
      t.db.transaction(async (tx) => {
        const overdrawn = { entry: adjustment(ada, 'balance', -9_000n, 'out'), meta };
        const refused = await postEntries(tx, [...batch, overdrawn]).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(InsufficientFundsError);
        await tx.execute(
          sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${ada}`,
        );
      }),
    ).rejects.toMatchObject({ cause: { message: 'a balance changes only through postings' } });
  });
});
