import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accountCode,
  accountKind,
  accountUserId,
  type AccountRef,
  type UserAccountKind,
} from './domain';

export interface LockedAccount {
  id: bigint;
  code: string;
  kind: string;
  userId: string | null;
  balance: bigint;
}

/** Opens the accounts that do not exist yet (at zero). Codes in sorted order, so no deadlock. */
export async function ensureAccounts(db: DbOrTx, refs: AccountRef[]): Promise<void> {
  const unique = new Map(refs.map((ref) => [accountCode(ref), ref]));
  const sorted = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [code, ref] of sorted) {
    await db.execute(sql`
      INSERT INTO ledger_accounts (code, kind, user_id)
      VALUES (${code}, ${accountKind(ref)}, ${accountUserId(ref)})
      ON CONFLICT (code) DO NOTHING`);
  }
}

/**
 * Locks the accounts for the rest of the transaction, always in id order (every writer takes its
 * locks in the same order, so two transactions can never wait on each other in a cycle).
 */
export async function lockAccounts(db: DbOrTx, codes: string[]): Promise<LockedAccount[]> {
  if (codes.length === 0) return [];
  const result = await db.execute<{
    id: string;
    code: string;
    kind: string;
    user_id: string | null;
    balance: string;
  }>(sql`
    SELECT id, code, kind, user_id, balance FROM ledger_accounts
    WHERE code IN (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})
    ORDER BY id
    FOR UPDATE`);
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    code: row.code,
    kind: row.kind,
    userId: row.user_id,
    balance: BigInt(row.balance),
  }));
}

export async function insertEntry(
  db: DbOrTx,
  values: {
    kind: string;
    description: string;
    transactionId: string | null;
    idempotencyKeyId: bigint | null;
    createdBy: string | null;
    createdAt: Date;
  },
): Promise<bigint> {
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO journal_entries (kind, description, transaction_id, idempotency_key_id, created_by, created_at)
    VALUES (${values.kind}, ${values.description}, ${values.transactionId}, ${values.idempotencyKeyId},
            ${values.createdBy}, ${values.createdAt.toISOString()})
    RETURNING id`);
  const row = result.rows[0];
  if (!row) throw new Error('insert returned no row');
  return BigInt(row.id);
}

export async function insertPostings(
  db: DbOrTx,
  entryId: bigint,
  postings: { accountId: bigint; amount: bigint }[],
): Promise<void> {
  await db.execute(sql`
    INSERT INTO postings (entry_id, account_id, amount) VALUES ${sql.join(
      postings.map((p) => sql`(${entryId}, ${p.accountId}, ${p.amount})`),
      sql`, `,
    )}`);
}

export type UserBalances = Record<UserAccountKind, bigint>;

/** A user's account balances (0 for accounts not opened yet). */
export async function userBalances(db: DbOrTx, userId: string): Promise<UserBalances> {
  const result = await db.execute<{ kind: UserAccountKind; balance: string }>(sql`
    SELECT kind, balance FROM ledger_accounts WHERE user_id = ${userId}`);
  const balances: UserBalances = { available: 0n, withdrawal_hold: 0n, invested: 0n };
  for (const row of result.rows) balances[row.kind] = BigInt(row.balance);
  return balances;
}

/**
 * The net change of the user's own accounts, per entry kind, over all their entries: deposits,
 * paid withdrawals, profit and bonus all read from here.
 */
export async function userNetByEntryKind(db: DbOrTx, userId: string): Promise<Map<string, bigint>> {
  const result = await db.execute<{ kind: string; net: string }>(sql`
    SELECT e.kind, sum(p.amount)::text AS net
    FROM postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN journal_entries e ON e.id = p.entry_id
    WHERE a.user_id = ${userId}
    GROUP BY e.kind`);
  return new Map(result.rows.map((row) => [row.kind, BigInt(row.net)]));
}
