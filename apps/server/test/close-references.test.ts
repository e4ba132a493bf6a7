import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adjustment } from '../src/modules/ledger/domain';
import { postEntries } from '../src/modules/ledger/ledger.service';
import { uniqueEmail, type TestApp } from './harness';
import { activeUser, useMoneyApp } from './money-helpers';

/**
 * The references a close writes are checked once per statement (migration 0078), not by a
 * foreign key per row: a transaction's and an alert's user, a journal entry's transaction and a
 * closed copy's transaction. Each statement naming a row that does not exist is refused whole,
 * as the foreign key refused it, and users (like transactions) are never deleted, so a reference
 * once written stays good. The ledger audit runs after each test (useMoneyApp).
 */
let t: TestApp;
useMoneyApp((made) => ({ t } = made));

/**
 * The error code PostgreSQL answers `statements` with, run in order in a transaction that is
 * rolled back (null: all of them ran).
 */
async function refusal(...statements: string[]): Promise<string | null> {
  const client = await t.pool.connect();
  try {
    await client.query('BEGIN');
    for (const statement of statements) await client.query(statement);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'no code';
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** A credit transaction of `userId`, as SQL values. */
const credit = (userId: string, tnx: string, id = randomUUID()) =>
  `('${id}', '${tnx}', '${userId}', 'adjustment_balance', 'credit', 'success', 100, 'test')`;
const INSERT_TRANSACTIONS = `INSERT INTO transactions
  (id, transaction_id, user_id, kind, type, status, amount_cents, description) VALUES`;

/** A copy of `userId` in a plan of its own (its close transaction `closeId`, or null). */
const insertCopy = (userId: string, closeId: string | null) => `
  WITH s AS (INSERT INTO strategies (name) VALUES ('References') RETURNING id),
  p AS (INSERT INTO plans (title, min_cents, max_cents, term_days, strategy_id)
        SELECT 'References', 100, 100000000, 30, id FROM s RETURNING id, strategy_id)
  INSERT INTO trades (user_id, plan_id, strategy_id, amount_cents, units, entry_nav,
    high_water_nav, performance_fee_pct, stop_loss_pct, opened_at, closes_at, close_transaction_id)
  SELECT '${userId}', p.id, p.strategy_id, 10000, 100, 1, 1, 0, 40, now(), now() + interval '1 day',
    ${closeId ? `'${closeId}'` : 'NULL'}
  FROM p`;

describe('the references a close writes', () => {
  it('refuse a transaction or an alert of a user who does not exist, the statement whole', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    const nobody = randomUUID();
    // One good row and one naming nobody: nothing is inserted.
    expect(
      await refusal(
        `${INSERT_TRANSACTIONS} ${credit(ada, 'TNX-REF001')}, ${credit(nobody, 'TNX-REF002')}`,
      ),
    ).toBe('23503');
    expect(await refusal(`${INSERT_TRANSACTIONS} ${credit(ada, 'TNX-REF003')}`)).toBeNull();
    const alert = (userId: string) =>
      `INSERT INTO notifications (user_id, type) VALUES ('${userId}', 'adjustment_posted')`;
    expect(await refusal(alert(nobody))).toBe('23503');
    expect(await refusal(alert(ada))).toBeNull();
    // Nor is an alert moved to nobody.
    expect(
      await refusal(
        alert(ada),
        `UPDATE notifications SET user_id = '${nobody}' WHERE user_id = '${ada}'`,
      ),
    ).toBe('23503');
    expect(
      await refusal(
        alert(ada),
        `UPDATE notifications SET read_at = now() WHERE user_id = '${ada}'`,
      ),
    ).toBeNull();
  });

  it('refuse a journal entry or a closed copy naming a transaction that does not exist', async () => {
    const ada = (await activeUser(t, 'Ada Lovelace')).user.id;
    const missing = randomUUID();
    const now = new Date();
    // One entry (ledger_post_entry) and a batch (ledger_post_entries) alike.
    for (const count of [1, 2]) {
      const items = Array.from({ length: count }, (_, i) => ({
        entry: adjustment(ada, 'balance', 100n, 'test'),
        meta: { transactionId: i === count - 1 ? missing : null, createdAt: now },
      }));
      await expect(t.db.transaction((tx) => postEntries(tx, items))).rejects.toMatchObject({
        cause: { code: '23503' },
      });
    }
    expect(await refusal(insertCopy(ada, missing))).toBe('23503');
    const existing = randomUUID();
    const booked = `${INSERT_TRANSACTIONS} ${credit(ada, 'TNX-REF004', existing)}`;
    expect(await refusal(booked, insertCopy(ada, existing))).toBeNull();
    const setClose = (id: string) =>
      `UPDATE trades SET close_transaction_id = '${id}' WHERE user_id = '${ada}'`;
    expect(await refusal(booked, insertCopy(ada, null), setClose(missing))).toBe('23503');
    expect(await refusal(booked, insertCopy(ada, null), setClose(existing))).toBeNull();
  });

  it('never lose their user: a user is never deleted, even one nothing names', async () => {
    const id = randomUUID();
    const email = uniqueEmail('bare');
    const bare = `INSERT INTO users (id, email, name, phone, country, referral_id, password_hash)
      VALUES ('${id}', '${email}', 'Bare', '+100', 'US', 'bare${id.slice(0, 8)}', '$argon2id$x')`;
    expect(await refusal(bare)).toBeNull();
    expect(await refusal(bare, `DELETE FROM users WHERE id = '${id}'`)).toBe('42501');
  });
});
