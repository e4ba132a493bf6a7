import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { log, record } from './figures';
import { ApiClient, keepAliveAgent } from './lib/http';
import { createCluster, freePort, pgbench, type PgCluster } from './lib/pg';
import { query, seedUsers, trustAdminWithAnyAmount } from './lib/seed';
import { BENCH_ADMIN, REPO_ROOT, startServer, type ServerProcess } from './lib/server';
import { moneyContext, type MoneyContext } from './lib/workload';
import { CFG, profile, quick, workers } from './options';

/** What the run started: stopped, and its files removed, when the process exits for any reason. */
export const owned: {
  cluster?: PgCluster;
  server?: ServerProcess;
  /** The bare WebSocket server of the realtime phase, while it runs. */
  bare?: ChildProcess;
  tmp?: string;
  webDirs: string[];
} = { webDirs: [] };

function cleanup() {
  const { cluster, server, bare, tmp } = owned;
  for (const dir of owned.webDirs) fs.rmSync(dir, { recursive: true, force: true });
  bare?.kill('SIGKILL');
  server?.child.kill('SIGKILL');
  try {
    cluster?.stop();
  } catch {
    cluster?.stopImmediate();
  }
  // A profiled run keeps its profiles, logs and database for a look afterwards (EXPLAIN).
  if (profile) {
    if (cluster) console.log(`kept: ${tmp ?? ''} and the database in ${cluster.dir}`);
    return;
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  cluster?.destroy();
}

export function cleanUpOnExit(): void {
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
}

/** The run's PostgreSQL: the product's database (`dbUrl`) and pgbench's, and a temp dir. */
export interface Databases {
  cluster: PgCluster;
  dbUrl: string;
  tmp: string;
}

export async function startDatabases(): Promise<Databases> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nestrado-bench-'));
  owned.tmp = tmp;
  log(
    `mode ${quick ? 'quick' : 'full'}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // pg_stat_statements counts the statements each phase costs the database (a figure that does not
  // depend on how busy the machine is).
  const cluster = await createCluster({
    tag: 'bench',
    settings: { shared_preload_libraries: "'pg_stat_statements'" },
  });
  owned.cluster = cluster;
  log(`PostgreSQL on 127.0.0.1:${cluster.port}`);
  await cluster.createDatabase('nestrado');
  await cluster.createDatabase('pgbench');
  const dbUrl = cluster.url('nestrado');
  await query(dbUrl, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await pgbench(cluster, ['-i', '-q', '-s', '10', 'pgbench'], 300_000);
  return { cluster, dbUrl, tmp };
}

/**
 * A directory for the web app's build. Inside the web app's node_modules, not the temp dir: the
 * server's renderer of the pages (ssr/entry-server.js) imports React and the rest by name, which
 * resolves only from a directory under the repository (from /tmp every render failed and the pages
 * went out empty).
 */
export function webBuildDir(): string {
  const webParent = path.join(REPO_ROOT, 'apps', 'web', 'node_modules');
  fs.mkdirSync(webParent, { recursive: true });
  const webDir = fs.mkdtempSync(path.join(webParent, '.bench-web-'));
  owned.webDirs.push(webDir);
  return webDir;
}

/** The product running against the databases, its admin, and the bench users signed in. */
export interface Site {
  server: ServerProcess;
  port: number;
  base: string;
  agent: http.Agent;
  admin: ApiClient;
  money: MoneyContext;
  /** The money phase's users (one per load client), and their clients. */
  users: { id: string; sid: string }[];
  clients: ApiClient[];
}

/** Starts the product (serving the web build in `webDir`, if one) and signs its users in. */
export async function startSite(
  { dbUrl, tmp }: Databases,
  webDir: string | undefined,
): Promise<Site> {
  const port = await freePort();
  const server = await startServer({
    databaseUrl: dbUrl,
    port,
    dataDir: path.join(tmp, 'data'),
    logFile: path.join(tmp, 'server.log'),
    env: { WEB_CONCURRENCY: String(workers), ...(webDir ? { WEB_DIST_DIR: webDir } : {}) },
    ...(profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(tmp, 'prof')}`] } : {}),
  });
  owned.server = server;
  log(`server on ${server.baseUrl}, ${workers} worker(s) (logs ${path.join(tmp, 'server.log')})`);
  record('config/web-concurrency', String(workers), '(product worker processes)');
  const base = server.baseUrl;
  const agent = keepAliveAgent(64);
  const admin = new ApiClient(base, undefined, agent);
  await admin.loginAdmin(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const [adminRow] = await query<{ id: string }>(dbUrl, 'SELECT id FROM users WHERE email = $1', [
    BENCH_ADMIN.email,
  ]);
  const money = await moneyContext(admin, adminRow!.id);
  await trustAdminWithAnyAmount(dbUrl);
  const users = await seedUsers(dbUrl, 'money', CFG.clients);
  const clients = users.map((u) => new ApiClient(base, u.sid, agent));
  return { server, port, base, agent, admin, money, users, clients };
}
