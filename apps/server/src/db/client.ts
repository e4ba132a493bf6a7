import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './handles';
import {
  ALL_ON,
  buildEveryTime,
  createStatementNames,
  pooledConnectionOptions,
  prepareStatementsOf,
  type PerformanceSwitches,
} from './performance';
import { publishBuildsOf, publishStatementsOf } from './statement-channel';
import { guardTransactions } from './transaction-guard';

export type { Db, DbOrTx, Tx } from './handles';

// bigint columns (money in cents) come back as strings from pg; Drizzle's bigint mode converts.
export function createPool(url: string, max = 20, switches: PerformanceSwitches = ALL_ON): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    ...pooledConnectionOptions(switches.pipelining),
  });
  publishStatementsOf(pool);
  const names = createStatementNames();
  if (!switches['prepared-statements']) buildEveryTime(pool);
  // An idle client losing its connection (database restart, shutdown) must not crash the process;
  // the next query gets a fresh connection or a clear error.
  pool.on('error', () => {});
  // A client checked out of the pool has no 'error' listener (pg-pool removes its idle listener),
  // so a connection dying mid-query (database restart, `pg_ctl stop -m immediate`) emitted an
  // unhandled 'error' event and killed the process. The query itself still fails; the pool drops
  // the dead client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (switches['prepared-statements']) prepareStatementsOf(client, names);
    else buildEveryTime(client);
    publishStatementsOf(client);
  });
  return pool;
}

/** Its transactions run the request's transaction guard first (transaction-guard.ts). */
export function createDb(pool: pg.Pool): Db {
  return guardTransactions(publishBuildsOf(drizzle(pool)));
}
