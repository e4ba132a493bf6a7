import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertRows } from '../src/db/insert-rows';
import { transactions, type TransactionRow } from '../src/db/schema';
import { notifications } from '../src/modules/notifications/notifications.schema';
import { newTransactionId } from '../src/modules/transactions/transactions.repo';
import { type TestApp, useTestApp } from './harness';
import { activeUser } from './money-helpers';

/**
 * Many rows in one statement with one JSON parameter (db/insert-rows.ts): the rows it stores and
 * answers are the ones Drizzle's own multi-row insert stores and answers, defaults included.
 */
let t: TestApp;
useTestApp((made) => ({ t } = made));

const at = new Date('2026-11-29T12:34:56.789Z');
const withoutIds = <R extends { id: string; transactionId?: string }>(rows: R[]) =>
  rows.map(({ id: _id, transactionId: _tx, ...rest }) => rest);

/** The rows inserted by insertRows (every column answered) and, again, by Drizzle's own insert. */
async function insertedBoth(rows: (typeof transactions.$inferInsert)[]) {
  const keys = Object.keys(getTableColumns(transactions)) as (keyof TransactionRow)[];
  const ours = await insertRows(t.db, transactions, rows, { returning: keys });
  const theirs = await t.db
    .insert(transactions)
    .values(rows.map((r) => ({ ...r, transactionId: newTransactionId() })))
    .returning();
  return { ours, theirs };
}

describe('insertRows', () => {
  it('stores and answers what Drizzle does: bigint, jsonb, timestamps, nulls and defaults', async () => {
    const { user } = await activeUser(t);
    const row = (n: number) => ({
      transactionId: newTransactionId(),
      userId: user.id,
      kind: 'trade_close' as const,
      type: 'credit' as const,
      status: 'success' as const,
      amountCents: 9_007_199_254_740_993n + BigInt(n),
      description: `Trade closed "quoted" \\ back ${n}`,
      descriptionParts: {
        code: 'trade_close' as const,
        reason: 'stop_loss' as const,
        plan: 'Silver ünïcode',
        amountCents: 100_000,
        profitCents: -12_345,
      },
      crypto: null,
      decidedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    // Two shapes: the second leaves fee_cents and book to their defaults.
    const rows = [
      { ...row(1), feeCents: 5n, book: 'real' as const },
      row(2),
      { ...row(3), feeCents: 7n, book: 'real' as const },
    ];
    const { ours, theirs } = await insertedBoth(rows);
    const byN = <R extends { description: string }>(list: R[]) =>
      [...list].sort((a, b) => a.description.localeCompare(b.description));
    expect(withoutIds(byN(ours))).toEqual(withoutIds(byN(theirs)));
    expect(byN(ours).map((r) => [r.amountCents, r.feeCents, r.book])).toEqual([
      [9_007_199_254_740_994n, 5n, 'real'],
      [9_007_199_254_740_995n, 0n, 'real'],
      [9_007_199_254_740_996n, 7n, 'real'],
    ]);
  });

  it('inserts without answering, and answers only the columns asked for', async () => {
    const { user } = await activeUser(t, 'Bob Brown');
    const rows = [
      {
        userId: user.id,
        type: 'trade_stopped_out' as const,
        params: { a: [1, 2], b: null },
        createdAt: at,
      },
      {
        userId: user.id,
        type: 'trade_take_profit' as const,
        params: { plan: 'Gold' },
        createdAt: at,
      },
    ];
    expect(await insertRows(t.db, notifications, rows)).toEqual([]);
    const answered = await insertRows(t.db, notifications, rows, { returning: ['type', 'params'] });
    expect(answered).toEqual([
      { type: 'trade_stopped_out', params: { a: [1, 2], b: null } },
      { type: 'trade_take_profit', params: { plan: 'Gold' } },
    ]);
  });

  it('stores a value shared by every row (sent once) in each, and one shared by only some', async () => {
    const { user } = await activeUser(t, 'Cy Shared');
    const parts = { code: 'performance_fee' as const, plan: 'Gold "ünï"' };
    // Every column but the amount and the description is shared by all three rows (the jsonb
    // object too, and a null); the third row's description differs from the first two's.
    const row = (amountCents: bigint, description: string) => ({
      transactionId: newTransactionId(),
      userId: user.id,
      kind: 'performance_fee' as const,
      type: 'credit' as const,
      status: 'success' as const,
      amountCents,
      feeCents: 1n,
      description,
      descriptionParts: parts,
      crypto: null,
      book: 'practice' as const,
      decidedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    const big = 9_007_199_254_740_993n;
    const rows = [row(big, 'same'), row(big + 1n, 'same'), row(big + 2n, 'other')];
    const { ours, theirs } = await insertedBoth(rows);
    expect(withoutIds(ours)).toEqual(withoutIds(theirs));
    expect(ours.map((r) => [r.amountCents, r.description, r.descriptionParts, r.book])).toEqual([
      [big, 'same', parts, 'practice'],
      [big + 1n, 'same', parts, 'practice'],
      [big + 2n, 'other', parts, 'practice'],
    ]);
    // Rows alike in every column: each is still a row of its own.
    const alike = {
      userId: user.id,
      type: 'trade_stopped_out' as const,
      params: {},
      createdAt: at,
    };
    const twins = await insertRows(t.db, notifications, [alike, alike], { returning: ['id'] });
    expect(new Set(twins.map((r) => r.id)).size).toBe(2);
  });
});
