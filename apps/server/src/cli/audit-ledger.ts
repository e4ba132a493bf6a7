import fs from 'node:fs/promises';
import path from 'node:path';
import { createDb, createPool } from '../db/client';
import { auditLedger } from '../modules/ledger/ledger.audit';

/**
 * `npm run audit:ledger`: checks every ledger invariant (PRODUCT.md section 5) and exits non-zero
 * listing the violations. Connects to DATABASE_URL, or to the running embedded database of
 * DATA_DIR (./data): password from data/pg-password, port from data/pg/postmaster.pid.
 */
async function databaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const pid = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => {
    throw new Error(
      `No running embedded database in ${dataDir} (start the app, or set DATABASE_URL)`,
    );
  });
  // postmaster.pid: line 1 pid, 2 data dir, 3 start time, 4 port.
  const port = Number(pid.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('Cannot read the port from postmaster.pid');
  return `postgres://nestrado:${encodeURIComponent(password)}@127.0.0.1:${port}/nestrado`;
}

async function main(): Promise<number> {
  const pool = createPool(await databaseUrl(), 2);
  try {
    const violations = await auditLedger(createDb(pool));
    if (violations.length === 0) {
      process.stdout.write('Ledger audit: every invariant holds.\n');
      return 0;
    }
    process.stdout.write(`Ledger audit: ${violations.length} violation(s)\n`);
    for (const v of violations) process.stdout.write(`  - ${v.check}: ${v.detail}\n`);
    return 1;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Ledger audit failed: ${(error as Error).message}\n`);
    process.exit(2);
  },
);
