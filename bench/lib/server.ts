import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password-1' };
/**
 * One SECRETS_KEY for every instance this process starts on a database, as docs/deploy.md asks:
 * the admin's two-factor seed sealed by one instance must open on the others.
 */
const SECRETS_KEY = crypto.randomBytes(32).toString('base64');

export interface ServerProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 10 s; resolves when gone. */
  stop: () => Promise<void>;
  /** `kill -9`. */
  kill9: () => Promise<void>;
}

interface ServerOptions {
  databaseUrl: string;
  port: number;
  dataDir: string;
  logFile: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

/** The product's environment in the bench: production mode, the simulated market, loopback. */
function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // The bench measures the software, on the simulated feed (a demo feed in production mode).
    ALLOW_SIMULATED_MARKET: 'true',
    // The same prices every run, so runs compare (a fresh install draws a secret seed).
    MARKET_SEED: '20250101',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    MARKET_BACKFILL_DAYS: '1',
    LOG_LEVEL: 'info',
    SECRETS_KEY,
    ...options.env,
  };
}

/**
 * The product as a child process (`node --import tsx apps/server/src/main.ts`) against an external
 * PostgreSQL, listening on loopback only. Logs go to `logFile`. Resolves once /api/health answers.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    { cwd: REPO_ROOT, env: serverEnv(options), stdio: ['ignore', log, log] },
  );
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  if (!(await becameHealthy(baseUrl, options, () => gone))) {
    child.kill('SIGKILL');
    const tail = fs.readFileSync(options.logFile, 'utf8').slice(-3000);
    throw new Error(`server on :${options.port} did not become healthy:\n${tail}`);
  }
  const waitGone = async (ms: number) =>
    Promise.race([exited, new Promise((r) => setTimeout(r, ms))]).then(() => gone);
  return {
    port: options.port,
    baseUrl,
    child,
    exited,
    stop: async () => {
      if (gone) return;
      child.kill('SIGTERM');
      if (!(await waitGone(10_000))) child.kill('SIGKILL');
      await exited;
    },
    kill9: async () => {
      if (gone) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Polls /api/health until it answers and every worker listens (the banner is logged): false when
 * the process is gone or the time is up first.
 */
async function becameHealthy(
  baseUrl: string,
  options: ServerOptions,
  gone: () => boolean,
): Promise<boolean> {
  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  for (let attempt = 0; Date.now() < deadline && !gone(); attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      // The banner comes once every worker listens; connections opened before would all stay
      // on the first worker.
      const banner = fs.readFileSync(options.logFile, 'utf8').includes(' is running at ');
      if (response.ok && banner) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
