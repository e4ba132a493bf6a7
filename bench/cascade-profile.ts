/**
 * Where a stop-loss cascade's time goes (issue 43): the bench's cascade (bench/lib/cascade.ts) of
 * `copies` copies on a fresh cluster of its own, with, over the cascade alone, the CPU time of
 * PostgreSQL and of this process (less sensitive to a loaded machine than the seconds), the
 * statements by total time (pg_stat_statements, nested statements included, so the ledger
 * function's own statements show) and, with CPU_PROFILE=<file>, a V8 CPU profile of the process.
 *
 *   node --import tsx bench/cascade-profile.ts 10000
 *   CPU_PROFILE=/tmp/cascade.cpuprofile node --import tsx bench/cascade-profile.ts 2000
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import pg from 'pg';
import { runCascade } from './lib/cascade';
import { treeWithEndedCpuMs } from './lib/cpu';
import { createCluster } from './lib/pg';

const copies = Number(process.argv[2] ?? 2000);
const cpuProfile = process.env.CPU_PROFILE;
const inspector = new Session();
const cluster = await createCluster({
  tag: 'cascade-profile',
  settings: {
    shared_preload_libraries: "'pg_stat_statements'",
    'pg_stat_statements.track': "'all'",
  },
});
try {
  await cluster.createDatabase('cascade');
  const admin = new pg.Client({ connectionString: cluster.url('cascade') });
  await admin.connect();
  await admin.query('CREATE EXTENSION pg_stat_statements');
  const postmaster = Number(
    fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  let started = { pg: 0, node: process.cpuUsage() };
  let cpu = '';
  const result = await runCascade(cluster.url('cascade'), copies, console.log, {
    beforeCrash: async () => {
      if (cpuProfile) {
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      }
      await admin.query('SELECT pg_stat_statements_reset()');
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
  const top = await admin.query<{ calls: string; ms: string; rows: string; query: string }>(`
    SELECT calls, round(total_exec_time::numeric, 1) AS ms, rows,
      left(regexp_replace(query, '\\s+', ' ', 'g'), 150) AS query
    FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25`);
  console.log('statements over the cascade (calls, total ms, rows):');
  for (const s of top.rows) {
    console.log(`${s.calls.padStart(7)} ${s.ms.padStart(9)} ${s.rows.padStart(8)}  ${s.query}`);
  }
  await admin.end();
} finally {
  cluster.stop();
  cluster.destroy();
}
