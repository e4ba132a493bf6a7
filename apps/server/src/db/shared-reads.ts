import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './client';
import { prepareStatementsOf } from './prepared-statements';

/**
 * The hottest reads, one statement each and outside any transaction (the account summary, the
 * first pages of transactions), share a few connections in pg's pipeline mode instead of each
 * taking a pooled connection of its own. The statements of concurrent requests follow one
 * another on a shared connection, so its database process is kept busy instead of being put to
 * sleep and woken for each statement (a wake-up across cores is most of a round trip's cost
 * here). Measured per route, same machine, alternating: the summary at 2,030 -> 2,400-2,630
 * requests a second, PostgreSQL 225-245 -> 155-170 us and the server 455 -> 360-395 us per read;
 * four lanes did worse than one or two (bench/RESULTS.md 2026-11-26 23:30).
 *
 * Only for short statements: one slow statement delays the ones behind it on its lane. Never a
 * transaction: consecutive statements of one caller may run on different lanes.
 */
export interface SharedReads {
  /** pg's `query` (config and values), on the next lane. */
  query: <R extends pg.QueryResultRow>(
    config: pg.QueryConfig,
    values?: unknown[],
  ) => Promise<pg.QueryResult<R>>;
  /** A Drizzle handle over the lanes, for reads built by Drizzle. */
  db: Db;
  end: () => Promise<void>;
}

/** How the lanes' connections name themselves to PostgreSQL (pg_stat_activity). */
export const SHARED_READS_APPLICATION = 'nestrado shared reads';

/** Two: one did as well on this 2-core machine, four worse (see above). */
export const READ_LANES = 2;

export function createSharedReads(connectionString: string, lanes = READ_LANES): SharedReads {
  const open: (pg.Client | undefined)[] = Array.from({ length: lanes }, () => undefined);
  let next = 0;
  let ended = false;

  function lane(): pg.Client {
    if (ended) throw new Error('shared reads ended');
    next = (next + 1) % lanes;
    const index = next;
    const existing = open[index];
    if (existing) return existing;
    return openLane(index);
  }

  /** A lost connection fails the statements on it; the next read on its lane opens a new one. */
  function forget(client: pg.Client): void {
    const index = open.indexOf(client);
    if (index >= 0) open[index] = undefined;
  }

  function openLane(index: number): pg.Client {
    const client = new pg.Client({
      connectionString,
      pipeline: true,
      application_name: SHARED_READS_APPLICATION,
    });
    prepareStatementsOf(client);
    client.on('error', () => forget(client));
    client.on('end', () => forget(client));
    client.connect().catch(() => forget(client));
    open[index] = client;
    return client;
  }

  const query = (async (config: pg.QueryConfig, values?: unknown[]) => {
    const client = lane();
    try {
      return await client.query(config, values);
    } catch (error) {
      // Unless the database refused the statement alone (severity ERROR), the connection is lost
      // or being closed (FATAL): this can be heard before the client's 'error' event.
      if (!(error instanceof pg.DatabaseError) || error.severity !== 'ERROR') forget(client);
      throw error;
    }
  }) as SharedReads['query'];

  return {
    query,
    // Outside a transaction Drizzle only calls its client's `query`.
    db: drizzle({ client: { query } as unknown as pg.Client }),
    end: async () => {
      ended = true;
      const clients = open.filter((client) => client !== undefined);
      await Promise.all(clients.map((client) => client.end().catch(() => {})));
    },
  };
}
