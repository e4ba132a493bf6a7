import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from './ledger.schema';
import { practiceAccounts, type PracticeAccountRow } from './practice.schema';

/** The user's practice account, locked FOR UPDATE when `lock` (a reset), or undefined. */
export async function findPracticeAccount(
  db: DbOrTx,
  userId: string,
  lock = false,
): Promise<PracticeAccountRow | undefined> {
  const query = db.select().from(practiceAccounts).where(eq(practiceAccounts.userId, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Opens it; undefined when it was already open (a concurrent start won). */
export async function insertPracticeAccount(
  db: DbOrTx,
  values: { userId: string; openedAt: Date; startingCents: bigint },
): Promise<PracticeAccountRow | undefined> {
  const [row] = await db.insert(practiceAccounts).values(values).onConflictDoNothing().returning();
  return row;
}

/** One more reset, at the starting balance given. */
export async function markPracticeReset(
  db: DbOrTx,
  userId: string,
  startingCents: bigint,
  now: Date,
): Promise<PracticeAccountRow | undefined> {
  const [row] = await db
    .update(practiceAccounts)
    .set({ startingCents, resets: sql`${practiceAccounts.resets} + 1`, lastResetAt: now })
    .where(eq(practiceAccounts.userId, userId))
    .returning();
  return row;
}

/** A ledger account's balance by code (0 when it has never been posted to). */
export async function balanceOf(db: DbOrTx, code: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row?.balance ?? 0n;
}
