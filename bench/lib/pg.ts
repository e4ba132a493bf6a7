import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/lib/free-port';

/** Debian's PostgreSQL server binaries (pg_ctl, initdb, pgbench...). */
export function pgBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pgbench')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install -y postgresql postgresql-contrib)',
    );
  }
  return path.join(root, version, 'bin');
}

/** A free TCP port on loopback: the server's own (its embedded database picks ports the same way). */
export { freePort };

export interface PgCluster {
  bin: string;
  dir: string;
  port: number;
  /** Superuser URL of a database (default `postgres`). */
  url: (database?: string) => string;
  start: () => void;
  /** Clean shutdown (fast mode). */
  stop: () => void;
  /** `pg_ctl stop -m immediate`: like a power cut for the clients (crash recovery at next start). */
  stopImmediate: () => void;
  createDatabase: (name: string) => Promise<void>;
  /** Removes the data directory (after stop). */
  destroy: () => void;
}

/** PostgreSQL refuses to run as root: then the server tools run as the `postgres` user. */
const AS_ROOT = process.getuid?.() === 0;

function run(bin: string, args: string[], options: { quiet?: boolean } = {}): void {
  const [command, argv] = AS_ROOT
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`,
    );
  }
  if (!options.quiet && result.stdout.trim()) process.stderr.write(result.stdout);
}

/**
 * A fresh PostgreSQL cluster in a temp dir, listening on a free loopback port only, trust auth for
 * the local superuser `bench`. Every caller must `stop()` + `destroy()` it (trap on exit).
 */
export async function createCluster(
  options: { settings?: Record<string, string>; tag?: string } = {},
): Promise<PgCluster> {
  const bin = pgBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `nestrado-${options.tag ?? 'pg'}-`));
  const data = path.join(dir, 'data');
  if (AS_ROOT) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    fs.chownSync(dir, Number(owner.stdout.trim()), Number(group.stdout.trim()));
  }
  const port = await freePort();
  run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'bench', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { quiet: true },
  );
  const settings: Record<string, string> = {
    listen_addresses: "'127.0.0.1'",
    port: String(port),
    unix_socket_directories: `'${dir}'`,
    max_connections: '300',
    // A quarter of the machine's memory, as docs/deploy.md advises for the product's PostgreSQL
    // (512MB before 2026-11-30: the scale phase's random index pages were read from the kernel's
    // cache, one copy per touch).
    shared_buffers: `'${Math.floor(os.totalmem() / 4 / 2 ** 20)}MB'`,
    max_wal_size: "'4GB'",
    checkpoint_timeout: "'15min'",
    // After a checkpoint, a page's first change writes its whole image to the WAL: compressed,
    // as docs/deploy.md advises for the product's own PostgreSQL.
    wal_compression: "'lz4'",
    // The scale phase reads a cascade's WAL back (pg_walinspect) after checkpoints ran in it.
    wal_keep_size: "'8GB'",
    logging_collector: 'off',
    ...options.settings,
  };
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    Object.entries(settings)
      .map(([k, v]) => `${k} = ${v}\n`)
      .join(''),
  );
  const log = path.join(dir, 'postgres.log');
  const pgCtl = path.join(bin, 'pg_ctl');
  const cluster: PgCluster = {
    bin,
    dir,
    port,
    url: (database = 'postgres') => `postgres://bench@127.0.0.1:${port}/${database}`,
    start: () => run(pgCtl, ['-D', data, '-l', log, '-w', '-t', '60', 'start'], { quiet: true }),
    stop: () => {
      if (fs.existsSync(path.join(data, 'postmaster.pid')))
        run(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], { quiet: true });
    },
    stopImmediate: () => run(pgCtl, ['-D', data, '-m', 'immediate', 'stop'], { quiet: true }),
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
    },
    destroy: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
  cluster.start();
  return cluster;
}

/** Runs pgbench; resolves to the "tps = N (without initial connection time)" figure. */
export async function pgbench(
  cluster: PgCluster,
  args: string[],
  timeoutMs: number,
): Promise<number> {
  return (await pgbenchRun(cluster, args, timeoutMs)).tps;
}

/** Runs pgbench; resolves to its tps (without initial connection time) and transactions run. */
export function pgbenchRun(
  cluster: PgCluster,
  args: string[],
  timeoutMs: number,
): Promise<{ tps: number; transactions: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(cluster.bin, 'pgbench'), args, {
      env: { ...process.env, PGHOST: '127.0.0.1', PGPORT: String(cluster.port), PGUSER: 'bench' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      const processed = /number of transactions actually processed: (\d+)/.exec(out);
      if (code === 0 && match?.[1]) {
        resolve({ tps: Number(match[1]), transactions: Number(processed?.[1] ?? NaN) });
      } else if (code === 0 && args.includes('-i')) resolve({ tps: 0, transactions: 0 });
      else reject(new Error(`pgbench ${args.join(' ')} failed (${code}): ${out.slice(-2000)}`));
    });
  });
}
