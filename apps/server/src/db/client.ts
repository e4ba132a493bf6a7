import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { prepareStatementsOf } from './prepared-statements';
import { pipelineOf } from './pipelining';
import { guardTransactions } from './transaction-guard';

/**
 * Without the schema: the server never uses Drizzle's relational queries (`db.query.*`), and with
 * it every transaction built a relational query builder for each of the schema's tables.
 */
export type Db = NodePgDatabase;
/** A Drizzle handle inside a transaction; repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// bigint columns (money in cents) come back as strings from pg; Drizzle's bigint mode converts.
export function createPool(url: string, max = 20): pg.Pool {
  // Pipeline mode: see pipelining.ts.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    pipeline: true,
  });
  // An idle client losing its connection (database restart, shutdown) must not crash the process;
  // the next query gets a fresh connection or a clear error.
  pool.on('error', () => {});
  // A client checked out of the pool has no 'error' listener (pg-pool removes its idle listener),
  // so a connection dying mid-query (database restart, `pg_ctl stop -m immediate`) emitted an
  // unhandled 'error' event and killed the process. The query itself still fails; the pool drops
  // the dead client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    prepareStatementsOf(client);
    pipelineOf(client);
  });
  return pool;
}

/** Its transactions run the request's transaction guard first (transaction-guard.ts). */
export function createDb(pool: pg.Pool): Db {
  return guardTransactions(drizzle(pool));
}
