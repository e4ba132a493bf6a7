import pg from 'pg';
import type { ReadinessFacts } from './domain/readiness';

/**
 * The few facts health checks and metrics read, each in one statement. They go through the same
 * pool as every request (so a pool that cannot hand out a connection shows as not ready) and give
 * up after `timeoutMs`: a probe must answer while the database hangs.
 */

export class DatabaseTimeout extends Error {
  readonly code = 'DATABASE_TIMEOUT' as const;
  constructor(timeoutMs: number) {
    super(`The database did not answer within ${timeoutMs} ms`);
  }
}

async function queryWithin<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  text: string,
  timeoutMs: number,
): Promise<Row[]> {
  let timer: NodeJS.Timeout | undefined;
  // query_timeout (a per-query option @types/pg leaves out) makes the pool drop a connection whose
  // query went unanswered, instead of keeping it checked out until the database wakes up.
  const config: pg.QueryConfig & { query_timeout: number } = { text, query_timeout: timeoutMs };
  const query = pool.query<Row>(config);
  // The query may still settle after the timeout; nobody listens then.
  query.catch(() => {});
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeout(timeoutMs)), timeoutMs);
  });
  try {
    return (await Promise.race([query, timeout])).rows;
  } finally {
    clearTimeout(timer);
  }
}

/** Epoch ms of a timestamptz, as text (bigint), or null. */
const epochMs = (expression: string) => `(extract(epoch FROM ${expression}) * 1000)::bigint::text`;

export interface ReadinessRow {
  appliedMigrations: string[];
  lastTickAt: number | null;
}

export async function readinessFacts(pool: pg.Pool, timeoutMs: number): Promise<ReadinessRow> {
  const rows = await queryWithin<{ applied: string[]; last_tick: string | null }>(
    pool,
    `SELECT ARRAY(SELECT name FROM schema_migrations ORDER BY name) AS applied,
            (SELECT ${epochMs('max(at)')} FROM market_prices) AS last_tick`,
    timeoutMs,
  );
  const row = rows[0];
  return {
    appliedMigrations: row?.applied ?? [],
    lastTickAt: row?.last_tick == null ? null : Number(row.last_tick),
  };
}

export interface MetricsRow {
  unsentMails: number;
  oldestUnsentAt: number | null;
  lastTickAt: number | null;
}

/** Outbox backlog (messages still to be delivered: the partial index on pending rows) and last tick. */
export async function metricsFacts(pool: pg.Pool, timeoutMs: number): Promise<MetricsRow> {
  const rows = await queryWithin<{
    unsent: string;
    oldest_unsent: string | null;
    last_tick: string | null;
  }>(
    pool,
    `SELECT (SELECT count(*) FROM mail_outbox WHERE status = 'pending')::text AS unsent,
            (SELECT ${epochMs('min(created_at)')} FROM mail_outbox WHERE status = 'pending')
              AS oldest_unsent,
            (SELECT ${epochMs('max(at)')} FROM market_prices) AS last_tick`,
    timeoutMs,
  );
  const row = rows[0];
  return {
    unsentMails: Number(row?.unsent ?? 0),
    oldestUnsentAt: row?.oldest_unsent == null ? null : Number(row.oldest_unsent),
    lastTickAt: row?.last_tick == null ? null : Number(row.last_tick),
  };
}

/** undefined_table: the schema is not there at all (nothing migrated yet). */
const UNDEFINED_TABLE = '42P01';

/** The readiness facts; an unreachable database or one with no schema yet is a fact too. */
export async function probeReadiness(pool: pg.Pool, timeoutMs: number): Promise<ReadinessFacts> {
  try {
    return { reachable: true, ...(await readinessFacts(pool, timeoutMs)) };
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === UNDEFINED_TABLE) {
      return { reachable: true, appliedMigrations: [], lastTickAt: null };
    }
    return { reachable: false };
  }
}
