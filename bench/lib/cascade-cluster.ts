/**
 * A cluster of its own for a cascade measured statement by statement (cascade-profile.ts,
 * cascade-floor.ts): pg_stat_statements (created in its database) tracking nested statements too, so a function's own
 * statements show; the postmaster's pid, whose process tree is PostgreSQL's CPU.
 */
import path from 'node:path';
import pg from 'pg';
import { postmasterPid } from './cpu';
import { createCluster, type PgCluster } from './pg';

export async function statementsCluster(
  tag: string,
): Promise<{ cluster: PgCluster; url: string; postmaster: number }> {
  const cluster = await createCluster({
    tag,
    settings: {
      shared_preload_libraries: "'pg_stat_statements'",
      'pg_stat_statements.track': "'all'",
    },
  });
  await cluster.createDatabase('cascade');
  const admin = new pg.Client({ connectionString: cluster.url('cascade') });
  await admin.connect();
  await admin.query('CREATE EXTENSION pg_stat_statements');
  await admin.end();
  return {
    cluster,
    url: cluster.url('cascade'),
    postmaster: postmasterPid(path.join(cluster.dir, 'data')),
  };
}

/** Prints the statements by total time since the last reset: calls, total ms, rows, the text. */
export async function printTopStatements(client: pg.Client, limit: number): Promise<void> {
  const top = await client.query<{ calls: string; ms: string; rows: string; query: string }>(
    `SELECT calls, round(total_exec_time::numeric, 1) AS ms, rows,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 150) AS query
     FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT $1`,
    [limit],
  );
  for (const s of top.rows) {
    console.log(`${s.calls.padStart(7)} ${s.ms.padStart(9)} ${s.rows.padStart(8)}  ${s.query}`);
  }
}
