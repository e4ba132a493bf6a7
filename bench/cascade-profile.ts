/**
 * Where a stop-loss cascade's time goes (issue 43): the bench's cascade (bench/lib/cascade.ts) of
 * `copies` copies on a fresh cluster of its own, with, over the cascade alone, the CPU time of
 * PostgreSQL and of this process (less sensitive to a loaded machine than the seconds), the
 * statements by total time (pg_stat_statements, nested statements included, so the ledger
 * function's own statements show), the row updates of the tables a close writes and how many of
 * them were HOT (no index entry written), the triggers that fire on those tables, and, with
 * CPU_PROFILE=<file>, a V8 CPU profile of the process.
 *
 *   node --import tsx bench/cascade-profile.ts 10000
 *   CPU_PROFILE=/tmp/cascade.cpuprofile node --import tsx bench/cascade-profile.ts 2000
 *   STATEMENTS=60 node --import tsx bench/cascade-profile.ts 10000   (more statements listed)
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { runCascade } from './lib/cascade';
import { treeWithEndedCpuMs } from './lib/cpu';
import { printTopStatements, statementsCluster } from './lib/cascade-cluster';

/** The tables a scheduled close writes. */
const CLOSE_TABLES = [
  'trades',
  'transactions',
  'ledger_accounts',
  'journal_entries',
  'postings',
  'ledger_user_totals',
  'strategy_figures',
  'notifications',
  'mail_outbox',
];

interface TableUpdates {
  updated: number;
  hot: number;
  fillfactor: string;
}

async function tableUpdates(client: pg.Client): Promise<Map<string, TableUpdates>> {
  const { rows } = await client.query<{ table: string; updated: string; hot: string; ff: string }>(
    `SELECT s.relname AS table, s.n_tup_upd AS updated, s.n_tup_hot_upd AS hot,
       coalesce((SELECT option_value FROM pg_options_to_table(c.reloptions)
                 WHERE option_name = 'fillfactor'), '100') AS ff
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.relname = ANY($1) ORDER BY 1`,
    [CLOSE_TABLES],
  );
  return new Map(
    rows.map((r) => [
      r.table,
      { updated: Number(r.updated), hot: Number(r.hot), fillfactor: r.ff },
    ]),
  );
}

const copies = Number(process.argv[2] ?? 2000);
const cpuProfile = process.env.CPU_PROFILE;
const inspector = new Session();
const { cluster, url, postmaster } = await statementsCluster('cascade-profile');
try {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let started = { pg: 0, node: process.cpuUsage() };
  let cpu = '';
  let updatesBefore = new Map<string, TableUpdates>();
  const result = await runCascade(url, copies, console.log, {
    beforeCrash: async () => {
      if (cpuProfile) {
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      }
      await admin.query('SELECT pg_stat_statements_reset()');
      // A backend reports its table counters when idle, at most once a second (ten when it was
      // recent): wait them out so the setup's updates are not counted as the cascade's.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      updatesBefore = await tableUpdates(admin);
      started = { pg: treeWithEndedCpuMs(postmaster), node: process.cpuUsage() };
    },
    afterCascade: async () => {
      const node = process.cpuUsage(started.node);
      const pgMs = treeWithEndedCpuMs(postmaster) - started.pg;
      cpu = `CPU over the cascade: PostgreSQL ${Math.round(pgMs)} ms, this process ${Math.round((node.user + node.system) / 1000)} ms`;
      if (cpuProfile) {
        const { profile } = await inspector.post('Profiler.stop');
        fs.writeFileSync(cpuProfile, JSON.stringify(profile));
      }
    },
  });
  console.log(JSON.stringify(result));
  console.log(cpu);
  // runCascade has ended its pool: every backend has reported its counters on exit.
  await new Promise((resolve) => setTimeout(resolve, 500));
  console.log('row updates over the cascade (updated, of which HOT; fillfactor):');
  for (const [table, after] of await tableUpdates(admin)) {
    const before = updatesBefore.get(table) ?? { updated: 0, hot: 0, fillfactor: after.fillfactor };
    console.log(
      `  ${table.padEnd(20)} ${String(after.updated - before.updated).padStart(7)} ${String(after.hot - before.hot).padStart(7)}  ${after.fillfactor}`,
    );
  }
  const triggers = await admin.query<{ table: string; name: string; timing: string }>(
    `
    SELECT c.relname AS table, t.tgname AS name,
      concat_ws(' ', CASE WHEN t.tgtype & 2 > 0 THEN 'BEFORE' ELSE 'AFTER' END,
        CASE WHEN t.tgtype & 4 > 0 THEN 'INSERT' END, CASE WHEN t.tgtype & 16 > 0 THEN 'UPDATE' END,
        CASE WHEN t.tgtype & 8 > 0 THEN 'DELETE' END,
        CASE WHEN t.tgtype & 1 > 0 THEN 'per row' ELSE 'per statement' END) AS timing
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relname = ANY($1) ORDER BY 1, 2`,
    [CLOSE_TABLES],
  );
  console.log('triggers on the tables a close writes:');
  for (const t of triggers.rows)
    console.log(`  ${t.table.padEnd(20)} ${t.name.padEnd(40)} ${t.timing}`);
  console.log('statements over the cascade (calls, total ms, rows):');
  await printTopStatements(admin, Number(process.env.STATEMENTS ?? 25));
  await admin.end();
} finally {
  cluster.stop();
  cluster.destroy();
}
