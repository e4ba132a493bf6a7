/**
 * The floor of a stop-loss cascade's PostgreSQL CPU with today's schema (issue 43): the bench's
 * cascade set-up (bench/lib/cascade.ts), then, in place of the product's closes, every copy closed
 * by SQL alone (bench/lib/cascade-floor.sql: the same tables and row sizes, one function call a
 * batch, the process idle), on `workers` connections side by side, batches of `batch`. Prints the
 * seconds, the CPU of PostgreSQL (the cluster's processes) and the statements by total time; the
 * product's cascade then finds nothing left to close, and the ledger audit checks the rows.
 * `--no-alerts` leaves out the alerts and their e-mails (what writing them later would save).
 *
 *   node --import tsx bench/cascade-floor.ts 10000 [--workers=2] [--batch=500] [--no-alerts]
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runCascade } from './lib/cascade';
import { treeWithEndedCpuMs } from './lib/cpu';
import { printTopStatements, statementsCluster } from './lib/cascade-cluster';

const copies = Number(process.argv[2] ?? 10000);
const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const workers = option('workers', 2);
const batchSize = option('batch', 500);
const alerts = !process.argv.includes('--no-alerts');

const { cluster, url, postmaster } = await statementsCluster('cascade-floor');
try {
  let floor = '';
  const result = await runCascade(url, copies, console.log, {
    beforeCrash: async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        fs.readFileSync(path.join(import.meta.dirname, 'lib', 'cascade-floor.sql'), 'utf8'),
      );
      const { rows } = await admin.query<{ id: string }>(
        `SELECT id FROM trades WHERE status = 'open' ORDER BY id`,
      );
      const batches: string[][] = [];
      for (let i = 0; i < rows.length; i += batchSize) {
        batches.push(rows.slice(i, i + batchSize).map((r) => r.id));
      }
      const clients = await Promise.all(
        Array.from({ length: workers }, async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          return client;
        }),
      );
      await admin.query('SELECT pg_stat_statements_reset()');
      const cpuBefore = treeWithEndedCpuMs(postmaster);
      const started = performance.now();
      let next = 0;
      let closed = 0;
      await Promise.all(
        clients.map(async (client) => {
          for (let batch = batches[next++]; batch; batch = batches[next++]) {
            await client.query('BEGIN');
            const answer = await client.query<{ n: number }>(
              'SELECT floor_close_batch($1::uuid[], 0.5, now(), $2) AS n',
              [batch, alerts],
            );
            await client.query('COMMIT');
            closed += answer.rows[0]?.n ?? 0;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const pgMs = treeWithEndedCpuMs(postmaster) - cpuBefore;
      floor = JSON.stringify({ closed, workers, batchSize, alerts, seconds, pgCpuMs: pgMs });
      console.log('statements of the SQL closes (calls, total ms, rows):');
      await printTopStatements(admin, 20);
      await Promise.all(clients.map((client) => client.end()));
      await admin.end();
    },
  });
  console.log(`floor ${floor}`);
  console.log(`then the product's cascade: ${JSON.stringify(result)}`);
} finally {
  cluster.stop();
  cluster.destroy();
}
