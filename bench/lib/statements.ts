/**
 * The `statements` phase: an account statement as CSV (and as PDF) for users with 10,000 and
 * 100,000 movements in the range, downloaded over HTTP from the product server, with the time and
 * the server's peak memory while it streamed. Memory must stay flat as rows grow: the statement is
 * written as it is read (keyset pages), never held whole.
 *
 * The movements are booked straight through the ledger's posting function (one balance adjustment
 * each, a second apart over the last days), as the statement reads them: from the postings.
 */
import pg from 'pg';
import type { ApiClient } from './http';
import { watchServerRss } from './rss';

export interface StatementRun {
  rows: number;
  format: 'csv' | 'pdf';
  seconds: number;
  bytes: number;
  /** Largest RSS growth of any server process during the download, in MiB. */
  peakRssGrowthMb: number;
}

/**
 * Books `count` movements for `userId`, the last one a minute ago, one second apart, in
 * transactions of BATCH: one transaction moving the same balance row 100,000 times would walk an
 * ever longer chain of its own row versions (nothing can be pruned before it commits).
 */
const BATCH = 500;
export async function bookMovements(dbUrl: string, userId: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    for (let first = 1; first <= count; first += BATCH) {
      await client.query(
        `SELECT count(*) FROM generate_series($3::int, $4::int) AS i
         CROSS JOIN LATERAL ledger_post_entry(
           ARRAY['platform:adjustments', 'user:' || $1 || ':available'], ARRAY['adjustments', 'available'],
           ARRAY[NULL, $1]::uuid[], ARRAY[-100, 100]::bigint[], ARRAY[false, true],
           'adjustment.balance', 'Bench movement ' || i, NULL, NULL, NULL,
           now() - interval '1 minute' - ($2::int - i) * interval '1 second')`,
        [userId, count, first, Math.min(count, first + BATCH - 1)],
      );
    }
  } finally {
    await client.end();
  }
}

/** Downloads one statement while sampling every server process's RSS every 20 ms. */
export async function downloadStatement(
  user: ApiClient,
  serverPid: number,
  rows: number,
  format: 'csv' | 'pdf',
  from: string,
  to: string,
): Promise<StatementRun> {
  const rss = watchServerRss(serverPid);
  try {
    const reply = await user.get(
      `/api/statements/account?from=${from}&to=${to}&format=${format}&lang=en`,
    );
    if (reply.status !== 200) throw new Error(`statement ${reply.status}: ${reply.body}`);
    return {
      rows,
      format,
      seconds: reply.ms / 1000,
      bytes: Buffer.byteLength(reply.body),
      peakRssGrowthMb: rss.peakGrowthMb(),
    };
  } finally {
    rss.stop();
  }
}

/**
 * The statement service in this process, the CSV consumed as fast as it is produced, with the heap
 * measured after a full collection every `every` chunks: what the statement RETAINS while it
 * streams (RSS also counts garbage not yet collected). `gc` is a full collection.
 */
export async function retainedWhileStreaming(
  dbUrl: string,
  userId: string,
  from: string,
  to: string,
  gc: () => void,
  every = 2,
): Promise<{ chunks: number; retainedMb: number }> {
  const { systemClock } = await import('../../apps/server/src/context');
  const { createCaches } = await import('../../apps/server/src/caches');
  const { openStatement } =
    await import('../../apps/server/src/modules/statements/statements.service');
  const { statementCsv } = await import('../../apps/server/src/modules/statements/statement.csv');
  const { STATEMENT_MESSAGES } =
    await import('../../apps/server/src/modules/statements/statements.messages');
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  try {
    // Only what the statement service reads from the context.
    const ctx = {
      clock: systemClock,
      config: { brandName: 'Nestrado' },
      pool,
      caches: createCaches(),
    } as never;
    const user = { id: userId, name: 'Bench' } as never;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let chunks = 0;
    const statement = await openStatement(ctx, user, { from, to });
    try {
      for await (const chunk of statementCsv(statement, STATEMENT_MESSAGES.en)) {
        void chunk;
        chunks += 1;
        if (chunks % every === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        }
      }
    } finally {
      statement.release();
    }
    return { chunks, retainedMb: peak / 2 ** 20 };
  } finally {
    await pool.end();
  }
}
