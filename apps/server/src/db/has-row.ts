import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Whether `table` holds a row that matches `where`. */
export async function hasRow(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(table)
    .where(where);
  return row !== undefined;
}
