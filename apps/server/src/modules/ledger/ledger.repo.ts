import { sql } from 'drizzle-orm';
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
 * One round trip (the `ledger_post_entry` function, migration 0006): opens missing accounts in code
 * order, locks the entry's accounts in id order, and unless a non-negative account would go below
 * zero writes the entry and its postings.
 */
export async function bookEntry(
  db: DbOrTx,
  postings: PostingRow[],
  values: {
    kind: string;
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
