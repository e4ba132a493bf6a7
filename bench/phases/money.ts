import { fmt, log, record } from '../figures';
import {
  descendants,
  exitedChildrenCpuMs,
  newDescendantsEnded,
  treeWithEndedCpuMs,
} from '../lib/cpu';
import { moneyByKind, type CpuMs } from '../lib/money-by-kind';
import { pgbenchRun, type PgCluster } from '../lib/pg';
import { query } from '../lib/seed';
import { moneyCycle } from '../lib/workload';
import { CFG } from '../options';
import type { Databases, Site } from '../run';
import {
  closedLoop,
  countStatements,
  cpuParts,
  cpuSpent,
  cpuTotal,
  cpuUsPerOp,
  mailDelivered,
  postmasterOf,
  productCpuMeter,
  transactionUpdates,
} from './measure';

/**
 * Money operations (deposit, approval, invest, close, withdrawal) in closed loops, against
 * pgbench's TPC-B on the same machine, in requests per second and in CPU time; then each kind of
 * request on its own.
 */
export async function moneyPhase(databases: Databases, site: Site): Promise<void> {
  const { cluster, dbUrl } = databases;
  log(`money-ops: ${CFG.clients} users, ${CFG.loadSeconds} s`);
  await warmUp(site);
  const updatesBefore = await transactionUpdates(dbUrl);
  const cpuAt = productCpuMeter(site.server.child.pid!, cluster);
  const load = await moneyLoad(dbUrl, site, cpuAt);
  const tpcb = await tpcbWithCpu(cluster);
  const moneyCpuPerRequest = cpuTotal(load.cpuUs);
  record('money-ops/rps', fmt(load.rps, 1), `(${CFG.clients} clients)`);
  record('pgbench/tpcb-tps', fmt(tpcb.tps, 1), `(-c ${CFG.clients})`);
  record('money-ops/pgbench-tpcb', fmt(load.rps / tpcb.tps, 3), 'target >= 0.25');
  record(
    'money-ops/statements-per-request',
    fmt(load.statementsPerRequest, 1),
    '(pgbench TPC-B: 7)',
  );
  // Where a money request's time goes, in CPU time (much less sensitive to the host's load than
  // requests per second): the product's processes, PostgreSQL, and the load generator.
  record('money-ops/cpu-us-per-request', fmt(moneyCpuPerRequest, 0), `(${cpuParts(load.cpuUs)})`);
  record(
    'pgbench/tpcb-cpu-us-per-tx',
    fmt(tpcb.cpuUsPerTx, 0),
    '(pgbench and its PostgreSQL backends, per TPC-B transaction)',
  );
  record(
    'money-ops/pgbench-tpcb-by-cpu',
    fmt(tpcb.cpuUsPerTx / moneyCpuPerRequest, 3),
    '(money-ops/pgbench-tpcb from CPU time per operation instead of wall time)',
  );
  await recordWhatWasWritten(dbUrl, updatesBefore);
  await recordCostByKind(dbUrl, site, cpuAt, tpcb.cpuUsPerTx);
}

/**
 * Warm-up until a whole cycle works (market prices exist a moment after start), then one cycle
 * each (JIT, plan caches, ledger accounts created).
 */
async function warmUp({ money, clients, users }: Site): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    if ((await moneyCycle(money, clients[0]!, users[0]!.id, 40_000 + i)) === 5) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  await Promise.all(clients.map((c, i) => moneyCycle(money, c, users[i]!.id, 0)));
}

/** The closed loops of money cycles, the mail they queued delivered. */
async function moneyLoad(
  dbUrl: string,
  { money, clients, users }: Site,
  cpuAt: () => CpuMs,
): Promise<{ rps: number; statementsPerRequest: number; cpuUs: CpuMs }> {
  const cpuBefore = cpuAt();
  let failures = 0;
  const { result: run, statements } = await countStatements(dbUrl, () =>
    closedLoop(CFG.clients, CFG.loadSeconds, async (c, i) => {
      const ok = await moneyCycle(money, clients[c]!, users[c]!.id, i + 1);
      if (ok < 5) failures += 1;
      return ok;
    }),
  );
  // The mail the cycles queued is part of their cost: the figures wait for its delivery, so that
  // a backlog is neither left out of the money figures nor paid during pgbench and the reads.
  const { backlog: mailBacklog, seconds: drainSeconds } = await mailDelivered(dbUrl);
  const cpuUs = cpuUsPerOp(cpuSpent(cpuBefore, cpuAt()), run.ops);
  log(`  ${run.ops} money requests in ${fmt(run.seconds, 1)} s (${failures} cycles cut short)`);
  record(
    'money-ops/mail-pending-at-end',
    String(mailBacklog),
    `(delivered in ${fmt(drainSeconds, 1)} s more, counted in money-ops/rps)`,
  );
  return {
    rps: run.ops / (run.seconds + drainSeconds),
    statementsPerRequest: statements / run.ops,
    cpuUs,
  };
}

/** pgbench's TPC-B with as many clients: transactions per second, and CPU time per transaction. */
async function tpcbWithCpu(cluster: PgCluster): Promise<{ tps: number; cpuUsPerTx: number }> {
  const postgresPid = postmasterOf(cluster);
  // pgbench's CPU: its backends end with its run (their time goes to the postmaster's waited-for
  // children) and so does pgbench itself (this process's). Read once its backends have ended.
  const pgbenchCpuAt = () => treeWithEndedCpuMs(postgresPid) + exitedChildrenCpuMs(process.pid);
  const backendsBefore = descendants(postgresPid);
  const pgbenchCpuBefore = pgbenchCpuAt();
  const tpcb = await pgbenchRun(
    cluster,
    ['-c', String(CFG.clients), '-j', '2', '-T', String(CFG.pgbenchSeconds), '-n', 'pgbench'],
    (CFG.pgbenchSeconds + 60) * 1000,
  );
  await newDescendantsEnded(postgresPid, backendsBefore);
  return {
    tps: tpcb.tps,
    cpuUsPerTx: ((pgbenchCpuAt() - pgbenchCpuBefore) * 1000) / tpcb.transactions,
  };
}

/** Strategies the bench users copied, and how the decisions were written (HOT updates). */
async function recordWhatWasWritten(
  dbUrl: string,
  updatesBefore: { updates: number; hot: number },
): Promise<void> {
  const [copied] = await query<{ n: string }>(
    dbUrl,
    'SELECT count(DISTINCT strategy_id)::text AS n FROM trades',
  );
  record('money-ops/strategies-copied', copied?.n ?? 'n/a', '(every bench user copies one)');
  // Idle server connections report their statistics within ten seconds.
  if (CFG.pgbenchSeconds < 11) await new Promise((r) => setTimeout(r, 11_000));
  const updatesAfter = await transactionUpdates(dbUrl);
  const updated = updatesAfter.updates - updatesBefore.updates;
  record(
    'money-ops/transaction-updates-hot',
    fmt(updated > 0 ? (updatesAfter.hot - updatesBefore.hot) / updated : NaN, 2),
    `(share of ${updated} decisions written beside the row, no index entry; 0 before 0023)`,
  );
}

/** The cycle's requests one kind at a time: which costs what. */
async function recordCostByKind(
  dbUrl: string,
  { money, clients, users }: Site,
  cpuAt: () => CpuMs,
  pgbenchCpuPerTx: number,
): Promise<void> {
  const byKind = await moneyByKind({
    ctx: money,
    users: clients.map((client, i) => ({ client, id: users[i]!.id })),
    perUser: CFG.perKindRequests,
    firstSeq: 30_000,
    cpuAt,
    settle: async () => {
      await mailDelivered(dbUrl);
    },
  });
  for (const { kind, cpuUs } of byKind) {
    record(
      `money-ops/cpu-us-per-request/${kind}`,
      fmt(cpuTotal(cpuUs), 0),
      `(${cpuParts(cpuUs)}; its mail delivered)`,
    );
  }
  // The most money-ops/pgbench-tpcb-by-cpu could read if every money request cost what the
  // cheapest kind costs: how far the cost of a request's floor (HTTP, session, idempotency key,
  // its statements), before any posting or e-mail, leaves the figure from its target.
  const cheapest = byKind
    .map(({ kind, cpuUs }) => ({ kind, us: cpuTotal(cpuUs) }))
    .sort((a, b) => a.us - b.us)[0];
  if (cheapest) {
    record(
      'money-ops/pgbench-tpcb-by-cpu-if-all-cheapest',
      fmt(pgbenchCpuPerTx / cheapest.us, 3),
      `(every request as cheap as the cheapest kind, ${cheapest.kind})`,
    );
  }
}
