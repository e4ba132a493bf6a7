import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A Drizzle handle inside a transaction; repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// bigint columns (money in cents) come back as strings from pg; Drizzle's bigint mode converts.
export function createPool(url: string, max = 20): pg.Pool {
  return new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}
