import { isNotNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Every stored file name `column` of `table` points at: what an orphan-file sweep keeps (a file
 * no row names is an orphan).
 */
export async function referencedFileNames(
  db: DbOrTx,
  table: PgTable,
  column: AnyPgColumn,
): Promise<Set<string>> {
  const rows = await db.select({ name: column }).from(table).where(isNotNull(column));
  const names = rows.map((row) => row.name);
  return new Set(names.filter((name): name is string => typeof name === 'string' && name !== ''));
}
