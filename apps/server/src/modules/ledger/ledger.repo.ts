import { sql } from 'drizzle-orm';
import type { EntryKind } from '@app/shared/schemas/kinds';
import type { DbOrTx } from '../../db/client';
import { jsonArray } from '../../db/json-array';
import type { UserAccountKind } from './domain';

export interface PostingRow {
  code: string;
  kind: string;
  userId: string | null;
  amount: bigint;
  /** The account may not go below zero (the entry is then not booked). */
  nonNegative: boolean;
}

export interface BookedEntry {
  /** null when an account flagged non-negative would have gone below zero: nothing was booked. */
  entryId: bigint | null;
  /** Per posting, in order: the balance after it (or what it would have been), null if missing. */
  balances: { code: string; after: bigint | null }[];
}

/**
 * One round trip (the `ledger_post_entry` function, migration 0016): opens missing accounts, locks
 * and checks the user accounts in id order, and unless a non-negative account would go below zero
 * writes the entry, its postings and the balances — the platform accounts' last, in id order.
 */
export async function bookEntry(
  db: DbOrTx,
  postings: PostingRow[],
  values: {
    kind: EntryKind;
    description: string;
    transactionId: string | null;
    idempotencyKeyId: bigint | null;
    createdBy: string | null;
    createdAt: Date;
  },
): Promise<BookedEntry> {
  const result = await db.execute<{
    entry_id: string | null;
    account_code: string;
    balance_after: string | null;
  }>(sql`
    SELECT entry_id, account_code, balance_after FROM ledger_post_entry(
      ${sql.param(postings.map((p) => p.code))}::text[],
      ${sql.param(postings.map((p) => p.kind))}::text[],
      ${sql.param(postings.map((p) => p.userId))}::uuid[],
      ${sql.param(postings.map((p) => p.amount.toString()))}::bigint[],
      ${sql.param(postings.map((p) => p.nonNegative))}::boolean[],
      ${values.kind}, ${values.description}, ${values.transactionId}::uuid,
      ${values.idempotencyKeyId}::bigint, ${values.createdBy}::uuid,
      ${values.createdAt.toISOString()}::timestamptz)`);
  const entryId = result.rows[0]?.entry_id;
  return {
    entryId: entryId == null ? null : BigInt(entryId),
    balances: result.rows.map((row) => ({
      code: row.account_code,
      after: row.balance_after === null ? null : BigInt(row.balance_after),
    })),
  };
}

export type UserBalances = Record<UserAccountKind, bigint>;

/**
 * Many entries in one statement and one call of `ledger_post_entries` (migrations 0065, 0080): the
 * same checks and locking order as bookEntry's, each step set-based over the whole batch (user
 * accounts locked in id order, then each platform account moved once, by the batch's sum). All
 * or nothing: if one entry would take a non-negative account below zero, none is booked and every
 * entry answers a null id with the balances it would have left. A booked batch answers each
 * entry's id and balances only when `balances` is asked for, else nothing (an empty list): 1,500
 * rows a batch of 500 closes that nobody reads.
 */
export async function bookEntries(
  db: DbOrTx,
  entries: {
    postings: PostingRow[];
    kind: EntryKind;
    description: string;
    transactionId: string | null;
    createdBy: string | null;
    createdAt: Date;
  }[],
  answer: { balances: boolean },
): Promise<BookedEntry[]> {
  if (entries.length === 0) return [];
  // The function's arguments: per posting (grouped by entry, in order), then per entry; built
  // column by column in one pass (no object per posting: a batch of 500 closes has 1,500).
  const posting = { n: [] as number[], code: [] as string[], kind: [] as string[] };
  const owners: (string | null)[] = [];
  const amounts: string[] = [];
  const nonNegative: boolean[] = [];
  entries.forEach((e, i) => {
    for (const p of e.postings) {
      posting.n.push(i + 1);
      posting.code.push(p.code);
      posting.kind.push(p.kind);
      owners.push(p.userId);
      amounts.push(p.amount.toString());
      nonNegative.push(p.nonNegative);
    }
  });
  const perEntry = (key: 'kind' | 'description' | 'transactionId' | 'createdBy') =>
    entries.map((e) => e[key]);
  const createdAt = entries.map((e) => e.createdAt.toISOString());
  const args = [
    jsonArray('integer', posting.n),
    jsonArray('text', posting.code),
    jsonArray('text', posting.kind),
    jsonArray('uuid', owners),
    jsonArray('bigint', amounts),
    jsonArray('boolean', nonNegative),
    jsonArray('text', perEntry('kind')),
    jsonArray('text', perEntry('description')),
    jsonArray('uuid', perEntry('transactionId')),
    jsonArray('uuid', perEntry('createdBy')),
    jsonArray('timestamptz', createdAt),
  ];
  const result = await db.execute<{
    entry_n: number;
    entry_id: string | null;
    account_code: string;
    balance_after: string | null;
  }>(sql`
    SELECT entry_n, entry_id, account_code, balance_after
    FROM ledger_post_entries(${sql.join(args, sql`, `)}, ${answer.balances}::boolean)`);
  if (result.rows.length === 0) return [];
  const booked: BookedEntry[] = entries.map(() => ({ entryId: null, balances: [] }));
  for (const row of result.rows) {
    const entry = booked[row.entry_n - 1];
    if (!entry) throw new Error(`ledger answered for entry ${row.entry_n} of ${entries.length}`);
    if (row.entry_id != null) entry.entryId = BigInt(row.entry_id);
    entry.balances.push({
      code: row.account_code,
      after: row.balance_after === null ? null : BigInt(row.balance_after),
    });
  }
  return booked;
}

/** Per UTC day, oldest first: what entries of `kind` credited the account `code` (cents). */
export async function creditsByDay(
  db: DbOrTx,
  code: string,
  kind: EntryKind,
): Promise<{ day: string; cents: bigint }[]> {
  const result = await db.execute<{ day: string; cents: string }>(sql`
    SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           sum(p.amount)::text AS cents
    FROM ledger_accounts a
    JOIN postings p ON p.account_id = a.id
    JOIN journal_entries e ON e.id = p.entry_id
    WHERE a.code = ${code} AND e.kind = ${kind} AND p.amount > 0
    GROUP BY 1
    ORDER BY 1`);
  return result.rows.map((row) => ({ day: row.day, cents: BigInt(row.cents) }));
}
