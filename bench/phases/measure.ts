import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fmt, log } from '../figures';
import { ownCpuMs, postmasterPid, treeCpuMs } from '../lib/cpu';
import type { CpuMs } from '../lib/money-by-kind';
import type { PgCluster } from '../lib/pg';
import { query } from '../lib/seed';
import { REPO_ROOT } from '../lib/server';
import { showStatements } from '../options';

// What the phases measure with: load loops, statement counts, helper servers, mail delivery.

/** `clients` loops of `work` until `seconds` pass (and at most `maxIterations` each). */
export async function closedLoop(
  clients: number,
  seconds: number,
  work: (client: number, iteration: number) => Promise<number>,
  maxIterations = 1_000_000,
): Promise<{ ops: number; seconds: number }> {
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  let ops = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < maxIterations && performance.now() < end; i += 1) {
        // Not `ops += await work()`: that reads `ops` before the await and loses other loops' counts.
        const done = await work(c, i);
        ops += done;
      }
    }),
  );
  return { ops, seconds: (performance.now() - t0) / 1000 };
}

/** Statements the product's database ran while `work` ran (background work included). */
export async function countStatements<T>(
  dbUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  await query(dbUrl, 'SELECT pg_stat_statements_reset()');
  const result = await work();
  if (showStatements) {
    const top = await query<{ calls: string; ms: string; query: string }>(
      dbUrl,
      // Sorted by the number, not by its text ("942" came before "2355").
      `SELECT calls::text, round(total_exec_time)::text AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements s ORDER BY s.calls DESC LIMIT 30`,
    );
    for (const s of top) log(`    ${s.calls.padStart(8)} ${s.ms.padStart(7)} ms  ${s.query}`);
  }
  const [row] = await query<{ calls: string | null }>(
    dbUrl,
    `SELECT sum(calls)::text AS calls FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return { result, statements: Number(row?.calls ?? NaN) };
}

/** Starts a bench server script (`ready` on stdout when listening); resolves to the child. */
export async function startScript(script: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 30_000);
    child.stdout.once('data', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return child;
}

/** Updates of `transactions` rows so far, and how many of them were HOT (no new index entries). */
export async function transactionUpdates(dbUrl: string): Promise<{ updates: number; hot: number }> {
  const [row] = await query<{ updates: string; hot: string }>(
    dbUrl,
    `SELECT n_tup_upd::text AS updates, n_tup_hot_upd::text AS hot
     FROM pg_stat_user_tables WHERE relname = 'transactions'`,
  );
  return { updates: Number(row?.updates ?? 0), hot: Number(row?.hot ?? 0) };
}

/** Messages in the mail outbox not delivered yet. */
async function pendingMail(dbUrl: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    dbUrl,
    `SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'`,
  );
  return row?.n ?? 0;
}

/** Waits until the outbox is delivered: how many were pending, and the seconds it took. */
export async function mailDelivered(dbUrl: string): Promise<{ backlog: number; seconds: number }> {
  const backlog = await pendingMail(dbUrl);
  const started = performance.now();
  for (let pending = backlog; pending > 0; pending = await pendingMail(dbUrl)) {
    if (performance.now() - started > 300_000) throw new Error(`${pending} mails undelivered`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { backlog, seconds: backlog > 0 ? (performance.now() - started) / 1000 : 0 };
}

/** The collector of this process, to weigh what is retained (the heap after a full collection). */
export function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** The pid of the cluster's postmaster, the parent of its backends. */
export const postmasterOf = (cluster: PgCluster) => postmasterPid(path.join(cluster.dir, 'data'));

/** CPU milliseconds spent so far by the product's processes, by PostgreSQL's and by this one. */
export function productCpuMeter(serverPid: number, cluster: PgCluster): () => CpuMs {
  const postgres = postmasterOf(cluster);
  return () => ({
    server: treeCpuMs(serverPid),
    postgres: treeCpuMs(postgres),
    client: ownCpuMs(),
  });
}

/** CPU milliseconds spent between two readings of a meter. */
export function cpuSpent(before: CpuMs, after: CpuMs): CpuMs {
  return {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    client: after.client - before.client,
  };
}

/** CPU microseconds per operation, from the milliseconds `ops` operations spent. */
export function cpuUsPerOp(spentMs: CpuMs, ops: number): CpuMs {
  return {
    server: (spentMs.server * 1000) / ops,
    postgres: (spentMs.postgres * 1000) / ops,
    client: (spentMs.client * 1000) / ops,
  };
}

export const cpuTotal = (cpu: CpuMs) => cpu.server + cpu.postgres + cpu.client;

/** "server 812, postgres 640, client 95": where an operation's CPU time goes. */
export const cpuParts = (cpu: CpuMs) =>
  `server ${fmt(cpu.server, 0)}, postgres ${fmt(cpu.postgres, 0)}, client ${fmt(cpu.client, 0)}`;
