import type { ChildProcess } from 'node:child_process';
import { fmt, log, record } from '../figures';
import { ownCpuMs, treeCpuMs } from '../lib/cpu';
import { ApiClient, percentile } from '../lib/http';
import { freePort, pgbench } from '../lib/pg';
import { CFG, workers } from '../options';
import type { Databases, Site } from '../run';
import {
  closedLoop,
  countStatements,
  cpuParts,
  cpuTotal,
  cpuUsPerOp,
  productCpuMeter,
  startScript,
} from './measure';

/** The windows the reads and the empty route take turns in. */
const WINDOWS = 3;

/**
 * Reads (the account summary and a transactions page) in closed loops, against pgbench's select
 * and against the same HTTP client on an empty route, in requests per second and in CPU time.
 */
export async function readsPhase(databases: Databases, site: Site): Promise<void> {
  const { cluster } = databases;
  log(`reads: ${CFG.clients} users, ${CFG.loadSeconds} s`);
  // Each reader holds an open copy, so the summary values a live trade.
  for (const client of site.clients) {
    await client.post('/api/trades', { planId: site.money.planId, amount: '500.00' });
  }
  // The ceiling: the same client against an empty route of the same HTTP framework. Measured in
  // windows that alternate with the reads' (a third of each at a time), so that both sides of
  // the ratio see the same machine: one after the other, a shared host's load moving between
  // the two phases swung reads/http-empty between 0.17 and 0.21 from run to run.
  const emptyPort = await freePort();
  const empty = await startScript('bench/empty-http-server.ts', [
    String(emptyPort),
    String(workers),
  ]);
  const emptyClients = site.users.map(
    () => new ApiClient(`http://127.0.0.1:${emptyPort}`, undefined, site.agent),
  );
  const { reads, emptyRoute } = await alternatingWindows(databases, site, empty, emptyClients);
  empty.kill('SIGTERM');
  const readCpu = cpuUsPerOp(reads.cpuMs, reads.ops);
  const emptyCpu = {
    server: (emptyRoute.cpuMs.server * 1000) / emptyRoute.ops,
    client: (emptyRoute.cpuMs.client * 1000) / emptyRoute.ops,
  };
  const rps = reads.ops / reads.seconds;
  const emptyRps = emptyRoute.ops / emptyRoute.seconds;
  const tps = await pgbench(
    cluster,
    ['-S', '-c', String(CFG.clients), '-j', '2', '-T', String(CFG.pgbenchSeconds), '-n', 'pgbench'],
    (CFG.pgbenchSeconds + 60) * 1000,
  );
  reads.latencies.sort((a, b) => a - b);
  record('reads/rps', fmt(rps, 1), `(p95 ${fmt(percentile(reads.latencies, 95), 1)} ms)`);
  record('pgbench/select-tps', fmt(tps, 1), `(-S -c ${CFG.clients})`);
  record('reads/pgbench-select', fmt(rps / tps, 3), 'target >= 0.25');
  record('reads/statements-per-request', fmt(reads.statements / reads.ops, 1), '(pgbench -S: 1)');

  record('calibration/http-empty-rps', fmt(emptyRps, 1), '(empty route, no database)');
  record(
    'calibration/http-empty-over-select',
    fmt(emptyRps / tps, 3),
    '(the highest reads/pgbench-select any HTTP read could reach here)',
  );
  record('reads/http-empty', fmt(rps / emptyRps, 3), 'target >= 0.2');
  // Where a read's time goes, in CPU time per request (much less sensitive to the host's load
  // than requests per second): the product's processes, PostgreSQL, and the load generator.
  record('reads/cpu-us-per-request', fmt(cpuTotal(readCpu), 0), `(${cpuParts(readCpu)})`);
  record(
    'calibration/http-empty-cpu-us-per-request',
    fmt(emptyCpu.server + emptyCpu.client, 0),
    `(server ${fmt(emptyCpu.server, 0)}, client ${fmt(emptyCpu.client, 0)})`,
  );
  record(
    'reads/http-empty-by-cpu',
    fmt((emptyCpu.server + emptyCpu.client) / cpuTotal(readCpu), 3),
    '(reads/http-empty from CPU time instead of wall time: what it would be on an idle machine)',
  );
}

/** The reads' windows and the empty route's, in turns: what each did and the CPU it took. */
async function alternatingWindows(
  { cluster, dbUrl }: Databases,
  { server, clients }: Site,
  empty: ChildProcess,
  emptyClients: ApiClient[],
) {
  const cpuAt = productCpuMeter(server.child.pid!, cluster);
  const reads = {
    ops: 0,
    seconds: 0,
    statements: 0,
    latencies: [] as number[],
    cpuMs: { server: 0, postgres: 0, client: 0 },
  };
  const emptyRoute = { ops: 0, seconds: 0, cpuMs: { server: 0, client: 0 } };
  for (let window = 0; window < WINDOWS; window += 1) {
    const before = cpuAt();
    const { result, statements: counted } = await countStatements(dbUrl, () =>
      closedLoop(CFG.clients, CFG.loadSeconds / WINDOWS, async (c, i) => {
        const reply = await clients[c]!.get(
          i % 2 === 0 ? '/api/account/summary' : '/api/transactions?limit=20',
        );
        if (reply.status !== 200) throw new Error(`read ${reply.status}: ${reply.body}`);
        reads.latencies.push(reply.ms);
        return 1;
      }),
    );
    const after = cpuAt();
    for (const part of ['server', 'postgres', 'client'] as const)
      reads.cpuMs[part] += after[part] - before[part];
    reads.ops += result.ops;
    reads.seconds += result.seconds;
    reads.statements += counted;

    const emptyBefore = { server: treeCpuMs(empty.pid!), client: ownCpuMs() };
    const emptyWindow = await closedLoop(
      CFG.clients,
      Math.min(CFG.loadSeconds, 15) / WINDOWS,
      async (c) => {
        const reply = await emptyClients[c]!.get('/empty');
        if (reply.status !== 200) throw new Error(`empty ${reply.status}`);
        return 1;
      },
    );
    emptyRoute.cpuMs.server += treeCpuMs(empty.pid!) - emptyBefore.server;
    emptyRoute.cpuMs.client += ownCpuMs() - emptyBefore.client;
    emptyRoute.ops += emptyWindow.ops;
    emptyRoute.seconds += emptyWindow.seconds;
  }
  return { reads, emptyRoute };
}
