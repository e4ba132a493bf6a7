/**
 * The `data-export` phase: "Download my data" (GET /api/account/export) for a user with 1,000 and
 * one with 100,000 transactions, over HTTP from the product server, with the server's peak RSS
 * growth and the slowest /healthz answer while it is written; then the same export in this
 * process, consumed as fast as it is produced, with the heap kept after a full collection (what
 * the export RETAINS; RSS also counts garbage not yet collected). Memory must stay flat as rows
 * grow: the export is written as it is read (keyset pages), never held whole (issue 38, 8b).
 */
// The export's modules reach http/multipart.ts, whose request methods this plugin's types declare
// (the server's routes import it; the bench does not load them).
import type {} from '@fastify/multipart';
import http from 'node:http';
import { Readable } from 'node:stream';
import pg from 'pg';
import type { ApiClient } from './http';
import { watchServerRss } from './rss';

/** `count` pending deposits of `userId` (no ledger rows: a pending deposit books nothing). */
export async function fillOwnTransactions(
  dbUrl: string,
  userId: string,
  count: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // Ids are TNX- + 6 characters: draw them from the row number and the user, retrying clashes.
    for (let have = 0, round = 0; have < count && round < 20; round += 1) {
      await client.query(
        `INSERT INTO transactions (transaction_id, user_id, kind, type, status, amount_cents,
                                   description, crypto, channel, created_at, updated_at)
         SELECT 'TNX-' || upper(substr(md5($1 || ':' || $3 || ':' || i), 1, 6)), $1::uuid,
                'deposit', 'credit', 'pending', 1000 + i, 'Deposit via Bitcoin', 'BTC', 'crypto',
                now() - make_interval(secs => i + 60), now() - make_interval(secs => i + 60)
         FROM generate_series(1, $2::int) AS i
         ON CONFLICT (transaction_id) DO NOTHING`,
        [userId, count - have, round],
      );
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM transactions WHERE user_id = $1',
        [userId],
      );
      have = rows[0]?.n ?? 0;
    }
  } finally {
    await client.end();
  }
}

export interface ExportRun {
  rows: number;
  seconds: number;
  megabytes: number;
  /** Largest RSS growth of any server process during the download, in MiB. */
  peakRssGrowthMb: number;
  /** The slowest /healthz answer while the export was written (the event loop held). */
  healthzMaxMs: number;
}

function healthz(baseUrl: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    http
      .get(`${baseUrl}/healthz`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', () => resolve(performance.now() - started));
  });
}

/** Downloads the user's export, sampling every server process's RSS and /healthz meanwhile. */
export async function downloadExport(
  user: ApiClient,
  serverPid: number,
  rows: number,
): Promise<ExportRun> {
  const rss = watchServerRss(serverPid);
  let done = false;
  let healthzMaxMs = 0;
  const prober = (async () => {
    while (!done) {
      healthzMaxMs = Math.max(healthzMaxMs, await healthz(user.baseUrl));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const reply = await user.get('/api/account/export');
    if (reply.status !== 200)
      throw new Error(`export ${reply.status}: ${reply.body.slice(0, 300)}`);
    const parsed = JSON.parse(reply.body) as { transactions: unknown[] };
    if (parsed.transactions.length !== rows)
      throw new Error(`export has ${parsed.transactions.length} transactions, not ${rows}`);
    return {
      rows,
      seconds: reply.ms / 1000,
      megabytes: Buffer.byteLength(reply.body) / 2 ** 20,
      peakRssGrowthMb: rss.peakGrowthMb(),
      healthzMaxMs,
    };
  } finally {
    done = true;
    rss.stop();
    await prober;
  }
}

/**
 * The export service in this process, its text consumed as fast as it is produced, with the heap
 * measured after a full collection every `every` chunks. `gc` is a full collection.
 */
export async function retainedWhileExporting(
  dbUrl: string,
  userId: string,
  gc: () => void,
  every = 4,
): Promise<{ chunks: number; retainedMb: number }> {
  const { loadConfig } = await import('../../apps/server/src/config');
  const { systemClock } = await import('../../apps/server/src/context');
  const { createDb, createPool } = await import('../../apps/server/src/db/client');
  const { createSharedReads } = await import('../../apps/server/src/db/performance');
  const { users } = await import('../../apps/server/src/db/schema');
  const { eq } = await import('drizzle-orm');
  const service = await import('../../apps/server/src/modules/data-export/data-export.service');
  const pool = createPool(dbUrl, 2);
  const reads = createSharedReads(dbUrl);
  try {
    const db = createDb(pool);
    // Only what the export reads from the context (the bench user has no trade, no sealed data).
    const ctx = {
      config: loadConfig({ DATABASE_URL: dbUrl }),
      clock: systemClock,
      pool,
      db,
      reads,
      prices: { current: () => Promise.resolve(new Map()) },
    } as never;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error('no bench user');
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let chunks = 0;
    // Before issue 38 (8b) the service returned the whole document; the route serialised it.
    const body: Readable =
      'openPersonalDataExport' in service
        ? (await service.openPersonalDataExport(ctx, user, '127.0.0.1')).body
        : Readable.from([
            JSON.stringify(
              await (
                service as unknown as {
                  exportPersonalData: (c: never, u: unknown, ip: string) => Promise<unknown>;
                }
              ).exportPersonalData(ctx, user, '127.0.0.1'),
            ),
          ]);
    for await (const chunk of body) {
      void chunk;
      chunks += 1;
      if (chunks % every === 0 || chunks === 1) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    return { chunks, retainedMb: peak / 2 ** 20 };
  } finally {
    await reads.end();
    await pool.end();
  }
}
