import { createDb, createPool } from '../db/client';
import { runningEmbeddedUrl } from '../db/embedded';
import { auditLedger } from '../modules/ledger';

/**
 * `npm run audit:ledger`: checks every ledger invariant (docs/product.md) and exits non-zero
 * listing the violations. Connects to DATABASE_URL, or to the running embedded database of
 * DATA_DIR (./data), found as db/embedded.ts keeps it.
 */
async function databaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  return runningEmbeddedUrl(process.env.DATA_DIR ?? 'data');
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
