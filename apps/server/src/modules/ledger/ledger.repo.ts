import { sql } from 'drizzle-orm';
import type { EntryKind } from '@app/shared/schemas/kinds';
import type { DbOrTx } from '../../db/client';
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
 * Many entries in one statement, booked by `ledger_post_entry` as bookEntry books one, in the
 * order given. With `lockFirst` (bounded batches of scheduled closes) the accounts of all of them
 * are locked beforehand — user accounts, then platform accounts, each in id order, as every single
 * entry takes them — one more statement, so that a batch touching many users' accounts cannot
 * deadlock with a single entry. Returns each entry's result.
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
  options: { lockFirst: boolean },
): Promise<BookedEntry[]> {
  if (entries.length === 0) return [];
  if (options.lockFirst) {
    const codes = [...new Set(entries.flatMap((e) => e.postings.map((p) => p.code)))];
    await db.execute(sql`
      SELECT 1 FROM ledger_accounts WHERE code = ANY (${sql.param(codes)}::text[])
      ORDER BY user_id IS NULL, id FOR NO KEY UPDATE`);
  }
  const json = JSON.stringify(
    entries.map((e, n) => ({
      n,
      codes: e.postings.map((p) => p.code),
      kinds: e.postings.map((p) => p.kind),
      user_ids: e.postings.map((p) => p.userId),
      amounts: e.postings.map((p) => p.amount.toString()),
      non_negative: e.postings.map((p) => p.nonNegative),
      kind: e.kind,
      description: e.description,
      transaction_id: e.transactionId,
      created_by: e.createdBy,
      created_at: e.createdAt.toISOString(),
    })),
  );
  const result = await db.execute<{
    n: number;
    entry_id: string | null;
    account_code: string;
    balance_after: string | null;
  }>(sql`
    SELECT e.n, r.entry_id, r.account_code, r.balance_after
    FROM json_to_recordset(${json}::json) AS e(n int, codes text[], kinds text[],
      user_ids uuid[], amounts bigint[], non_negative boolean[], kind text, description text,
      transaction_id uuid, created_by uuid, created_at timestamptz)
    CROSS JOIN LATERAL ledger_post_entry(e.codes, e.kinds, e.user_ids, e.amounts,
      e.non_negative, e.kind, e.description, e.transaction_id, NULL, e.created_by,
      e.created_at) AS r
    ORDER BY e.n`);
  const booked: BookedEntry[] = entries.map(() => ({ entryId: null, balances: [] }));
  for (const row of result.rows) {
    const entry = booked[row.n];
    if (!entry) throw new Error(`ledger answered for entry ${row.n} of ${entries.length}`);
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
