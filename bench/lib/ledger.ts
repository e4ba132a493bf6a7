/**
 * The `ledger` phase: the posting function alone (`ledger_post_entry`), driven by pgbench custom
 * scripts, beside TPC-B on the same cluster in the same run.
 *
 * - cold: a 1-cent transfer between two random users of 1,000 (little contention);
 * - hot: a deposit (platform:cash to a random user), so every client posts to one platform row.
 *
 * The same scripts run against the schema as it was before the ledger hot-path migration and as it
 * is now, each in its own freshly migrated database, so one run shows the before and the after on
 * the same machine. With every client on one row, the hot throughput is bounded by how long that
 * row stays locked: 1 / tps at 32 clients is printed as the hot row's lock hold time.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../apps/server/src/db/migrate';
import { createDb } from '../../apps/server/src/db/client';
import { auditLedger } from '../../apps/server/src/modules/ledger/ledger.audit';
import { pgbench, type PgCluster } from './pg';

export const LEDGER_USERS = 1_000;
export const LEDGER_CLIENTS = [1, 8, 32] as const;

/** A schema to measure: every migration up to `upTo` (all of them when undefined). */
export interface LedgerSchema {
  label: string;
  upTo?: string;
}

export interface LedgerFigures {
  /** tps by scenario and client count. */
  cold: Record<number, number>;
  hot: Record<number, number>;
  /** Per hot entry, from a counted run of one client: machine-independent figures of the work. */
  perEntry: { walBytes: number; walRecords: number; plpgsqlCalls: number };
  auditProblems: number;
}

/** Entries of the counted run. */
const COUNTED_ENTRIES = 2_000;

// Users are numbered 1..LEDGER_USERS with ids derived from the number, so a script computes an
// account's code from a random number without reading a table.
const SETUP_SQL = `
CREATE FUNCTION bench_user(n int) RETURNS uuid IMMUTABLE LANGUAGE sql AS
  $$ SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid $$;
CREATE FUNCTION bench_available(n int) RETURNS text IMMUTABLE LANGUAGE sql AS
  $$ SELECT 'user:' || bench_user(n) || ':available' $$;
INSERT INTO users (id, email, name, phone, country, referral_id, password_hash, is_active)
  SELECT bench_user(i), 'ledger' || i || '@bench.local', 'Ledger ' || i, '+442079460000', 'GB',
         'ledger' || i, '$argon2id$bench-placeholder', true
  FROM generate_series(1, ${LEDGER_USERS}) AS i;
-- Each user starts with $10,000,000.00 so no transfer is refused for funds.
SELECT count(*) FROM generate_series(1, ${LEDGER_USERS}) AS i
  CROSS JOIN LATERAL ledger_post_entry(
    ARRAY['platform:cash', bench_available(i)], ARRAY['cash', 'available'],
    ARRAY[NULL, bench_user(i)]::uuid[], ARRAY[-1000000000, 1000000000]::bigint[],
    ARRAY[false, true], 'deposit', 'bench funding', NULL, NULL, NULL, now());
`;

const COLD_SCRIPT = `\\set a random(1, ${LEDGER_USERS})
\\set b random(1, ${LEDGER_USERS - 1})
\\set b (case when :b >= :a then :b + 1 else :b end)
SELECT count(*) FROM ledger_post_entry(
  ARRAY[bench_available(:a), bench_available(:b)], ARRAY['available', 'available'],
  ARRAY[bench_user(:a), bench_user(:b)], ARRAY[-1, 1]::bigint[], ARRAY[true, true],
  'transfer', 'bench transfer', NULL, NULL, NULL, now());
`;

const HOT_SCRIPT = `\\set a random(1, ${LEDGER_USERS})
SELECT count(*) FROM ledger_post_entry(
  ARRAY['platform:cash', bench_available(:a)], ARRAY['cash', 'available'],
  ARRAY[NULL, bench_user(:a)]::uuid[], ARRAY[-100, 100]::bigint[], ARRAY[false, true],
  'deposit', 'bench deposit', NULL, NULL, NULL, now());
`;

/** A fresh database of `cluster` migrated to `schema`, with the bench users funded. */
async function prepare(cluster: PgCluster, database: string, schema: LedgerSchema): Promise<void> {
  await cluster.createDatabase(database);
  const pool = new pg.Pool({ connectionString: cluster.url(database), max: 1 });
  try {
    await migrate(pool, schema.upTo === undefined ? {} : { upTo: schema.upTo });
    // Counts the PL/pgSQL calls (functions and triggers) this database's backends make.
    await pool.query(`ALTER DATABASE ${database} SET track_functions = 'pl'`);
    await pool.query(SETUP_SQL);
    await pool.query('VACUUM ANALYZE');
  } finally {
    await pool.end();
  }
}

async function audit(cluster: PgCluster, database: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: cluster.url(database), max: 1 });
  try {
    return (await auditLedger(createDb(pool))).length;
  } finally {
    await pool.end();
  }
}

const jobs = (clients: number) => String(Math.min(2, clients));

/**
 * WAL bytes and records and PL/pgSQL calls per entry of COUNTED_ENTRIES hot entries by one client.
 * Nothing else writes to the cluster meanwhile; the timed runs before it touched every page since
 * the last checkpoint, so the count holds no full-page images by chance of timing.
 */
async function countPerEntry(
  cluster: PgCluster,
  database: string,
  script: string,
): Promise<LedgerFigures['perEntry']> {
  const client = new pg.Client({ connectionString: cluster.url(database) });
  await client.connect();
  const read = async () =>
    (
      await client.query<{ bytes: string; records: string; calls: string }>(
        `SELECT (SELECT wal_bytes FROM pg_stat_wal)::text AS bytes,
                (SELECT wal_records FROM pg_stat_wal)::text AS records,
                (SELECT coalesce(sum(calls), 0) FROM pg_stat_user_functions)::text AS calls`,
      )
    ).rows[0]!;
  try {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const before = await read();
    await pgbench(
      cluster,
      ['-n', '-c', '1', '-t', String(COUNTED_ENTRIES), '-f', script, database],
      300_000,
    );
    // Statistics reach the shared counters when a backend ends and at most a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await client.query('SELECT pg_stat_clear_snapshot()');
    const after = await read();
    const per = (a: string, b: string) => (Number(b) - Number(a)) / COUNTED_ENTRIES;
    return {
      walBytes: per(before.bytes, after.bytes),
      walRecords: per(before.records, after.records),
      plpgsqlCalls: per(before.calls, after.calls),
    };
  } finally {
    await client.end();
  }
}

/**
 * Posting-function tps for each schema, cold and hot, at each client count. The schemas take
 * turns at each step (not one after the other) so a change in the machine's load hits both alike.
 */
export async function runLedgerPhase(
  cluster: PgCluster,
  schemas: LedgerSchema[],
  seconds: number,
  dir: string,
  log: (line: string) => void,
): Promise<Map<string, LedgerFigures>> {
  const cold = path.join(dir, 'ledger-cold.sql');
  const hot = path.join(dir, 'ledger-hot.sql');
  fs.writeFileSync(cold, COLD_SCRIPT);
  fs.writeFileSync(hot, HOT_SCRIPT);
  const figures = new Map<string, LedgerFigures>();
  const database = (i: number) => `ledger_${i}`;
  for (const [i, schema] of schemas.entries()) {
    await prepare(cluster, database(i), schema);
    figures.set(schema.label, {
      cold: {},
      hot: {},
      perEntry: { walBytes: NaN, walRecords: NaN, plpgsqlCalls: NaN },
      auditProblems: 0,
    });
  }
  for (const [scenario, script] of [
    ['cold', cold],
    ['hot', hot],
  ] as const) {
    for (const clients of LEDGER_CLIENTS) {
      for (const [i, schema] of schemas.entries()) {
        const args = ['-n', '-c', String(clients), '-j', jobs(clients), '-T', String(seconds)];
        const tps = await pgbench(
          cluster,
          [...args, '-f', script, database(i)],
          (seconds + 60) * 1000,
        );
        figures.get(schema.label)![scenario][clients] = tps;
        log(`  ledger ${schema.label} ${scenario} -c ${clients}: ${tps.toFixed(1)} tps`);
      }
    }
  }
  for (const [i, schema] of schemas.entries()) {
    const result = figures.get(schema.label)!;
    result.perEntry = await countPerEntry(cluster, database(i), hot);
    // Today's audit checks today's schema (it reads tables older schemas lack, such as the
    // pending queue of 0023); an older schema is there to be timed, not audited.
    if (schema.upTo === undefined) result.auditProblems = await audit(cluster, database(i));
  }
  return figures;
}

/** TPC-B tps on the `pgbench` database at each client count of the ledger phase. */
export async function tpcbByClients(
  cluster: PgCluster,
  seconds: number,
): Promise<Record<number, number>> {
  const tps: Record<number, number> = {};
  for (const clients of LEDGER_CLIENTS) {
    const args = ['-n', '-c', String(clients), '-j', jobs(clients), '-T', String(seconds)];
    tps[clients] = await pgbench(cluster, [...args, 'pgbench'], (seconds + 60) * 1000);
  }
  return tps;
}
