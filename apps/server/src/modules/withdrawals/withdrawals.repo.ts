import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions, type TransactionRow } from '../../db/schema';

/** A transaction row locked until the caller's transaction ends. */
export async function lockTransactionRow(
  db: DbOrTx,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}
