import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/**
 * Without the schema: the server never uses Drizzle's relational queries (`db.query.*`), and with
 * it every transaction built a relational query builder for each of the schema's tables.
 */
export type Db = NodePgDatabase;
/** A Drizzle handle inside a transaction; repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
