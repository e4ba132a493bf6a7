import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../handles';
import { createStatementNames, prepareStatementsOf } from './prepared-statements';
import { ALL_ON, type PerformanceSwitches } from './switches';
import { publishStatementsOf } from '../statement-channel';

/**
 * The hottest reads, one statement each and outside any transaction (the account summary, the
 * pages of transactions), share a few connections ("lanes") in pg's pipeline mode instead of each
 * taking a pooled connection of its own. The statements of concurrent requests follow one
 * another on a lane, so its database process is kept busy instead of being put to sleep and woken
 * for each statement (a wake-up across cores is most of a round trip's cost here). Per route,
 * same machine, alternating with the pool: the summary at 1,870-2,150 -> 2,270-2,610 requests a
 * second, PostgreSQL 213-250 -> 160-181 us and the server 439-507 -> 378-426 us per read
 * (bench/RESULTS.md 2026-11-26 23:30). Switch: PERFORMANCE_OFF=shared-reads (reads go to the pool).
 *
 * A lane is filled before the next is opened (fewer, busier lanes did better: four round-robin
 * lanes worse than two, two worse than one), up to `depth` statements waiting on it; under more
 * load than that the next lane takes the overflow, so one slow statement holds up at most the
 * statements queued behind it. Only for short statements. Never a transaction: consecutive
 * statements of one caller may run on different lanes.
 */
export interface SharedReads {
  /** pg's `query` (config and values), on the first lane with room. */
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

export interface LaneOptions {
  /** Connections at most. */
  lanes: number;
  /** Statements waiting on a lane before the next lane is used. */
  depth: number;
}

export const LANES: LaneOptions = { lanes: 4, depth: 8 };

interface Lane {
  client: pg.Client;
  waiting: number;
}

/** The instance's short reads: on shared lanes, or on the pool when switched off. */
export function createReads(
  connectionString: string,
  pool: pg.Pool,
  switches: PerformanceSwitches = ALL_ON,
): SharedReads {
  if (switches['shared-reads']) return createSharedReads(connectionString, LANES, switches);
  const query = ((config: pg.QueryConfig, values?: unknown[]) =>
    pool.query(config, values)) as SharedReads['query'];
  return {
    query,
    db: drizzle({ client: pool }),
    // The pool is the instance's; whoever built it ends it.
    end: async () => {},
  };
}

export function createSharedReads(
  connectionString: string,
  options: LaneOptions = LANES,
  switches: PerformanceSwitches = ALL_ON,
): SharedReads {
  const names = createStatementNames();
  const open: (Lane | undefined)[] = Array.from({ length: options.lanes }, () => undefined);
  let ended = false;

  /** The first lane with room (opening it if needed), or the least busy one. */
  function laneWithRoom(): Lane {
    if (ended) throw new Error('shared reads ended');
    let least: Lane | undefined;
    for (let index = 0; index < open.length; index += 1) {
      const lane = open[index] ?? openLane(index);
      if (lane.waiting < options.depth) return lane;
      if (!least || lane.waiting < least.waiting) least = lane;
    }
    return least!;
  }

  /** A lost connection fails the statements on it; the next read opens a new one in its place. */
  function forget(lane: Lane): void {
    const index = open.indexOf(lane);
    if (index >= 0) open[index] = undefined;
  }

  function openLane(index: number): Lane {
    const client = new pg.Client({
      connectionString,
      pipeline: true,
      application_name: SHARED_READS_APPLICATION,
    });
    if (switches['prepared-statements']) prepareStatementsOf(client, names);
    publishStatementsOf(client);
    const lane: Lane = { client, waiting: 0 };
    client.on('error', () => forget(lane));
    client.on('end', () => forget(lane));
    client.connect().catch(() => forget(lane));
    open[index] = lane;
    return lane;
  }

  const query = (async (config: pg.QueryConfig, values?: unknown[]) => {
    const lane = laneWithRoom();
    lane.waiting += 1;
    try {
      return await lane.client.query(config, values);
    } catch (error) {
      // Unless the database refused the statement alone (severity ERROR), the connection is lost
      // or being closed (FATAL): this can be heard before the client's 'error' event.
      if (!(error instanceof pg.DatabaseError) || error.severity !== 'ERROR') forget(lane);
      throw error;
    } finally {
      lane.waiting -= 1;
    }
  }) as SharedReads['query'];

  return {
    query,
    // Outside a transaction Drizzle only calls its client's `query`.
    db: drizzle({ client: { query } as unknown as pg.Client }),
    end: async () => {
      ended = true;
      const lanes = open.filter((lane) => lane !== undefined);
      await Promise.all(lanes.map((lane) => lane.client.end().catch(() => {})));
    },
  };
}
