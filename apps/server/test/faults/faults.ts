/**
 * `npm run test:faults`: crash tests against a real PostgreSQL (Debian binaries, temp dir, loopback)
 * and the product as child processes.
 *
 *  1. `kill -9` of the server at a random moment under money load, 20 times, restarting it each time.
 *  2. `pg_ctl stop -m immediate` under load, then PostgreSQL restarted (2 times).
 *  3. Two server instances on one database under mixed load (one of them killed and restarted).
 *  4. Backup and restore: pg_dump of the database with all that activity, pg_restore into a new
 *     database, ledger audit of the copy.
 *
 * Afterwards every request is checked by its Idempotency-Key and its unique amount: one the client
 * saw succeed exists exactly once; one that got no answer is wholly present or wholly absent; one
 * refused changed nothing. `auditLedger` runs after every crash. Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ApiClient, keepAliveAgent, newKey } from '../../../../bench/lib/http';
import { createCluster, freePort, type PgCluster } from '../../../../bench/lib/pg';
import { query, seedUsers, trustAdminWithAnyAmount } from '../../../../bench/lib/seed';
import { BENCH_ADMIN, startServer, type ServerProcess } from '../../../../bench/lib/server';
import {
  moneyContext,
  moneyCycle,
  type MoneyContext,
  type OpRecord,
} from '../../../../bench/lib/workload';
import { createDb, createPool } from '../../src/db/client';
import { auditLedger } from '../../src/modules/ledger/ledger.audit';

const KILLS = Number(process.env.FAULT_KILLS ?? 20);
const PG_STOPS = Number(process.env.FAULT_PG_STOPS ?? 2);
const USERS = 6;
const started = Date.now();
const log = (line: string) =>
  process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: PgCluster | undefined;
const servers = new Set<ServerProcess>();
let tmp = '';
process.on('exit', () => {
  for (const server of servers) server.child.kill('SIGKILL');
  try {
    cluster?.stop();
  } catch {
    // already down
  }
  cluster?.destroy();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const counts = {
  requests: 0,
  kills: 0,
  pgStops: 0,
  instanceKills: 0,
  workerKills: 0,
  checks: 0,
  audits: 0,
};

/** The worker processes of a WEB_CONCURRENCY > 1 server (children of its primary). */
function workerPids(server: ServerProcess): number[] {
  const found = spawnSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' });
  return found.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const failures: string[] = [];
const records: OpRecord[] = [];
/** Per-user request number, across all phases: it makes every amount unique per user. */
const seqs = new Map<string, number>();
const nextSeq = (userId: string) => {
  const next = (seqs.get(userId) ?? 0) + 1;
  seqs.set(userId, next);
  return next;
};

async function audit(databaseUrl: string, label: string): Promise<void> {
  const pool = createPool(databaseUrl, 2);
  try {
    const violations = await auditLedger(createDb(pool));
    counts.audits += 1;
    for (const v of violations) failures.push(`audit (${label}): ${v.check}: ${v.detail}`);
  } finally {
    await pool.end();
  }
}

async function boot(
  databaseUrl: string,
  port: number,
  name: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await startServer({
    databaseUrl,
    port,
    dataDir: path.join(tmp, name),
    logFile: path.join(tmp, `${name}.log`),
    env: { LOG_LEVEL: 'warn', ...env },
  });
  servers.add(server);
  void server.exited.then(() => servers.delete(server));
  return server;
}

/** Money cycles for every user until `stop()`; bounded by `maxCycles` per user. */
function load(ctxFor: (user: number) => MoneyContext, clients: ApiClient[], ids: string[]) {
  let running = true;
  const loops = clients.map(async (client, u) => {
    for (let cycle = 0; running && cycle < 5000; cycle += 1) {
      const before = records.length;
      const ok = await moneyCycle(ctxFor(u), client, ids[u]!, nextSeq(ids[u]!), records);
      counts.requests += records.length - before;
      if (ok < 5) {
        // Cut short (crash, outage): close a trade left open so the next cycle can invest again.
        const key = newKey('fix');
        const entry: OpRecord = { op: 'close', userId: ids[u]!, key, status: 'unanswered' };
        records.push(entry);
        counts.requests += 1;
        try {
          const reply = await client.post(
            '/api/trades/current/close',
            {},
            { 'idempotency-key': key },
          );
          entry.status = reply.status;
        } catch {
          // server down: unanswered
        }
        await sleep(100);
      }
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

/** Waits (bounded) until a whole money cycle works again through `client`. */
async function healthy(ctx: MoneyContext, client: ApiClient, userId: string, label: string) {
  for (let i = 0; i < 60; i += 1) {
    const before = records.length;
    const ok = await moneyCycle(ctx, client, userId, nextSeq(userId), records);
    counts.requests += records.length - before;
    if (ok === 5) return;
    await client
      .post('/api/trades/current/close', {}, { 'idempotency-key': newKey('fix') })
      .catch(() => {});
    await sleep(1000);
  }
  failures.push(`${label}: no complete money cycle within 60 attempts after recovery`);
}

async function verify(databaseUrl: string): Promise<void> {
  type Row = { n: string };
  // One connection for the whole check (tens of thousands of lookups).
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const query = async <T extends pg.QueryResultRow>(
    _url: string,
    text: string,
    values: unknown[],
  ) => (await db.query<T>(text, values)).rows;
  for (const r of records) {
    const keyRows = await query<{ id: string; response_status: number | null }>(
      databaseUrl,
      'SELECT id, response_status FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [r.userId, r.key],
    );
    const keyId = keyRows[0]?.id;
    let effects = 0;
    if (r.op === 'deposit' || r.op === 'withdraw' || r.op === 'invest') {
      const sql =
        r.op === 'invest'
          ? 'SELECT count(*) AS n FROM trades WHERE user_id = $1 AND amount_cents = $2'
          : `SELECT count(*) AS n FROM transactions WHERE user_id = $1 AND amount_cents = $2 AND kind = '${r.op === 'deposit' ? 'deposit' : 'withdrawal'}'`;
      effects = Number((await query<Row>(databaseUrl, sql, [r.userId, r.amountCents]))[0]?.n);
    } else if (r.op === 'close') {
      // Trades book their entries without the key id: the effect is the trade being closed. A
      // clean-up close (no known trade) is only checked through its key row and the audit.
      if (!r.targetId) continue;
      effects = Number(
        (
          await query<Row>(
            databaseUrl,
            "SELECT count(*) AS n FROM trades WHERE id = $1 AND status = 'closed' AND close_reason = 'close'",
            [r.targetId],
          )
        )[0]?.n,
      );
      // Without its key row this request booked nothing (the key is inserted in the same
      // transaction); a closed trade was then closed by a later clean-up request.
      if (keyRows.length === 0) effects = 0;
    } else if (keyId) {
      // approve: the journal entry booked under this request's key.
      effects = Number(
        (
          await query<Row>(
            databaseUrl,
            'SELECT least(count(*), 1) AS n FROM journal_entries WHERE idempotency_key_id = $1',
            [keyId],
          )
        )[0]?.n,
      );
    }
    counts.checks += 1;
    const what = `${r.op} ${r.key} (status ${r.status})`;
    const ok2xx = typeof r.status === 'number' && r.status >= 200 && r.status < 300;
    if (ok2xx) {
      if (keyRows.length !== 1 || keyRows[0]?.response_status === null || effects !== 1)
        failures.push(`${what}: succeeded but key rows ${keyRows.length}, effects ${effects}`);
    } else if (r.status === 'unanswered' || r.status >= 500) {
      // A 5xx says nothing about the outcome (the commit may have happened before the failure):
      // like no answer, the client retries with the same key; it must be whole or absent.
      const present = keyRows.length === 1 && keyRows[0]?.response_status !== null;
      if (
        present
          ? effects !== 1
          : keyRows.length !== 0 || (r.op !== 'approve' && r.op !== 'close' && effects !== 0)
      )
        failures.push(
          `${what}: unanswered and partly present: key rows ${keyRows.length}, effects ${effects}`,
        );
    } else if (keyRows.length !== 0 || effects !== 0) {
      // A 4xx refusal must have changed nothing.
      failures.push(`${what}: refused but key rows ${keyRows.length}, effects ${effects}`);
    }
  }
  await db.end();
}

async function main() {
  // The whole run is bounded: CI gets an answer within 12 minutes whatever happens.
  setTimeout(() => {
    process.stdout.write('faults: time limit (12 min) reached\n');
    process.exit(3);
  }, 12 * 60_000).unref();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nestrado-faults-'));
  cluster = await createCluster({ tag: 'faults', settings: { shared_buffers: "'128MB'" } });
  await cluster.createDatabase('nestrado');
  const dbUrl = cluster.url('nestrado');
  const port = await freePort();
  let server = await boot(dbUrl, port, 'a');
  log(`PostgreSQL :${cluster.port}, server :${port}`);
  const agent = keepAliveAgent(32);
  const admin = new ApiClient(server.baseUrl, undefined, agent, 15_000);
  await admin.loginAdmin(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const adminId = (
    await query<{ id: string }>(dbUrl, 'SELECT id FROM users WHERE email = $1', [BENCH_ADMIN.email])
  )[0]!.id;
  const ctx = await moneyContext(admin, adminId);
  await trustAdminWithAnyAmount(dbUrl);
  const users = await seedUsers(dbUrl, 'fault', USERS);
  const ids = users.map((u) => u.id);
  const clients = users.map((u) => new ApiClient(server.baseUrl, u.sid, agent, 15_000));
  await healthy(ctx, clients[0]!, ids[0]!, 'start');

  // 1. kill -9 under load.
  log(`kill -9 × ${KILLS}`);
  for (let k = 0; k < KILLS; k += 1) {
    const stop = load(() => ctx, clients, ids);
    await sleep(300 + Math.floor(Math.random() * 1700));
    await server.kill9();
    counts.kills += 1;
    await sleep(200);
    server = await boot(dbUrl, port, 'a');
    await stop();
    await healthy(ctx, clients[0]!, ids[0]!, `after kill ${k + 1}`);
    await audit(dbUrl, `after kill ${k + 1}`);
    log(`  kill ${k + 1}: ${counts.requests} requests so far`);
  }

  // 2. PostgreSQL stopped -m immediate under load.
  for (let s = 0; s < PG_STOPS; s += 1) {
    const stop = load(() => ctx, clients, ids);
    await sleep(800 + Math.floor(Math.random() * 1200));
    cluster.stopImmediate();
    counts.pgStops += 1;
    await sleep(1500);
    cluster.start();
    await sleep(2000);
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      failures.push(`server process died when PostgreSQL stopped (stop ${s + 1}); see its log`);
      server = await boot(dbUrl, port, 'a');
    }
    await stop();
    await healthy(ctx, clients[0]!, ids[0]!, `after PostgreSQL stop ${s + 1}`);
    await audit(dbUrl, `after PostgreSQL stop ${s + 1}`);
    log(
      `  PostgreSQL immediate stop ${s + 1} survived (server pid ${server.child.pid} still up: ${!server.child.killed})`,
    );
  }

  // 3. Two instances, one database, mixed load (money on both, reads). Instance B runs two worker
  // processes (WEB_CONCURRENCY=2): one worker is killed (its primary starts another), then B's
  // primary is killed (its workers must stop with it) and B is started again.
  const port2 = await freePort();
  const twoWorkers = { WEB_CONCURRENCY: '2' };
  let second = await boot(dbUrl, port2, 'b', twoWorkers);
  const admin2 = new ApiClient(second.baseUrl, undefined, agent, 15_000);
  await admin2.loginAdmin(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const ctx2 = { ...ctx, admin: admin2 };
  // Odd users talk to instance B; admin approvals for them go through B as well.
  const mixed = users.map(
    (u, i) => new ApiClient(i % 2 ? second.baseUrl : server.baseUrl, u.sid, agent, 15_000),
  );
  log('two instances under mixed load');
  const stop = load((u) => (u % 2 ? ctx2 : ctx), mixed, ids);
  let reads = 0;
  // Reads run beside the money load from here until it stops (the kills below happen inside).
  let reading = true;
  const readsDone = (async () => {
    for (let i = 0; reading; i += 1) {
      const reply = await mixed[i % USERS]!.get(
        i % 2 ? '/api/account/summary' : '/api/transactions?limit=20',
      ).catch(() => undefined);
      if (reply?.status === 200) reads += 1;
      await sleep(20);
    }
  })();
  await sleep(2000);
  const [worker] = workerPids(second);
  if (worker === undefined) failures.push('WEB_CONCURRENCY=2: instance B has no worker processes');
  else {
    process.kill(worker, 'SIGKILL');
    counts.workerKills += 1;
  }
  await sleep(2000);
  const workersBefore = workerPids(second);
  if (workersBefore.length !== 2)
    failures.push(`WEB_CONCURRENCY=2: ${workersBefore.length} workers after one was killed`);
  await second.kill9();
  counts.instanceKills += 1;
  // A worker whose primary is gone shuts down gracefully (in-flight requests answered), which the
  // server bounds at 15 s (SHUTDOWN_TIMEOUT_MS): it must be gone by then, not within a guess of
  // 2 s (under a loaded CI machine the mixed load's last requests took longer).
  const orphanedAt = Date.now();
  while (workersBefore.some(isAlive) && Date.now() - orphanedAt < 16_000) await sleep(100);
  log(`  workers of the killed primary gone after ${Date.now() - orphanedAt} ms`);
  for (const pid of workersBefore.filter(isAlive)) {
    failures.push(`worker ${pid} outlived its primary (kill -9) by 16 s`);
    process.kill(pid, 'SIGKILL');
  }
  second = await boot(dbUrl, port2, 'b', twoWorkers);
  await sleep(4000);
  await stop();
  reading = false;
  await readsDone;
  counts.requests += reads;
  await healthy(ctx2, mixed[1]!, ids[1]!, 'instance B after kill');
  await audit(dbUrl, 'two instances');
  log(`  two instances: ${reads} reads answered`);

  for (const s of [...servers]) await s.stop();
  log('verifying every request by key and amount');
  await verify(dbUrl);
  await audit(dbUrl, 'final');

  // 4. Backup and restore.
  log('backup (pg_dump) and restore (pg_restore) into a new database');
  const dump = path.join(tmp, 'nestrado.dump');
  const env = {
    ...process.env,
    PGHOST: '127.0.0.1',
    PGPORT: String(cluster.port),
    PGUSER: 'bench',
  };
  const pgDump = spawnSync(path.join(cluster.bin, 'pg_dump'), ['-Fc', '-f', dump, 'nestrado'], {
    env,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (pgDump.status !== 0) throw new Error(`pg_dump: ${pgDump.stderr}`);
  await cluster.createDatabase('restored');
  const restore = spawnSync(
    path.join(cluster.bin, 'pg_restore'),
    ['--exit-on-error', '-d', 'restored', dump],
    { env, encoding: 'utf8', timeout: 300_000 },
  );
  if (restore.status !== 0) throw new Error(`pg_restore: ${restore.stderr}`);
  const tally = async (url: string) =>
    (
      await query<{ t: string; e: string; p: string; k: string }>(
        url,
        `SELECT (SELECT count(*) FROM transactions) AS t, (SELECT count(*) FROM journal_entries) AS e,
                (SELECT count(*) FROM postings) AS p, (SELECT count(*) FROM idempotency_keys) AS k`,
      )
    )[0];
  const source = await tally(dbUrl);
  const copy = await tally(cluster.url('restored'));
  const before = failures.length;
  await audit(cluster.url('restored'), 'restored copy');
  if (JSON.stringify(source) !== JSON.stringify(copy))
    failures.push(`restore: counts differ ${JSON.stringify(source)} vs ${JSON.stringify(copy)}`);
  log(
    `  restored ${fs.statSync(dump).size} bytes: ${copy?.t} transactions, ${copy?.e} journal entries, ${copy?.p} postings; audit ${failures.length === before ? 'clean' : 'FAILED'}`,
  );

  const answered = records.filter((r) => r.status !== 'unanswered').length;
  process.stdout.write(
    [
      '',
      `requests tried        = ${counts.requests} (money ${records.length}: ${answered} answered, ${records.length - answered} unanswered; reads ${reads})`,
      `server kills survived = ${counts.kills} (+ ${counts.instanceKills} of the second instance, + ${counts.workerKills} of its workers)`,
      `PostgreSQL stops      = ${counts.pgStops}`,
      `invariant checks run  = ${counts.checks} per-request checks, ${counts.audits} ledger audits`,
      `backup/restore        = ${failures.length === before ? 'restored copy audits clean' : 'FAILED'}`,
      `failures              = ${failures.length}`,
      `wall time             = ${((Date.now() - started) / 1000).toFixed(0)} s`,
      '',
    ].join('\n'),
  );
  for (const failure of failures.slice(0, 50)) process.stdout.write(`  FAIL ${failure}\n`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`faults failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(2);
  },
);
