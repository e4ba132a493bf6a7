import pg from 'pg';
import type { ApiClient } from './http';
import { percentile } from './http';

/**
 * Bulk rows for `list-scale`: pending deposits straight into `transactions` with generate_series.
 * Pending deposits book nothing in the ledger (a deposit is booked only when approved), so the
 * ledger invariants still hold without journal rows. 10 % of the rows belong to the measured user,
 * the rest are spread over the other users. Transaction ids are `TNX-` + 6 hex digits of the row
 * number (an id the app already drew is skipped: ON CONFLICT DO NOTHING).
 */
export async function fillTransactions(
  databaseUrl: string,
  measuredUserId: string,
  otherUserIds: string[],
  target: number,
  log: (line: string) => void,
  /** Add at least this many rows even if the table already has `target` (the money phase may
   *  have written more than the small stage's 10k): the measured user then has a page 11. */
  minNew = 0,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = off');
    const count = async () =>
      Number(
        (await client.query<{ n: string }>('SELECT count(*) AS n FROM transactions')).rows[0]?.n,
      );
    let have = await count();
    target = Math.max(target, have + minNew);
    const chunk = 500_000;
    let next = Number(
      (
        await client.query<{ m: string | null }>(
          `SELECT max(('x' || lpad(substr(transaction_id, 5), 8, '0'))::bit(32)::int) AS m
           FROM transactions WHERE payment_reference = 'bench-bulk'`,
        )
      ).rows[0]?.m ?? 0,
    );
    for (let round = 0; have < target && round < 100; round += 1) {
      const n = Math.min(chunk, target - have);
      const started = Date.now();
      await client.query(
        `INSERT INTO transactions (transaction_id, user_id, kind, type, status, amount_cents,
                                   description, crypto, channel, payment_reference, created_at, updated_at)
         SELECT 'TNX-' || lpad(upper(to_hex(i)), 6, '0'),
                CASE WHEN i % 10 = 0 THEN $1::uuid ELSE ($2::uuid[])[1 + i % $3::int] END,
                'deposit', 'credit', 'pending', 1000 + i % 50000, 'Deposit via Bitcoin', 'BTC', 'crypto',
                'bench-bulk', now() - make_interval(secs => i + 3600), now() - make_interval(secs => i + 3600)
         FROM generate_series($4::int, $5::int) AS i
         ON CONFLICT (transaction_id) DO NOTHING`,
        [measuredUserId, otherUserIds, otherUserIds.length, next + 1, next + n],
      );
      next += n;
      have = await count();
      log(`  list-scale: ${have} rows (+${n} in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    // As pgbench does after loading: vacuum (sets hint bits and the visibility map, so the first
    // reads of fresh rows do not write pages, and autovacuum does not start during the
    // measurement) and checkpoint (the load's dirty pages are flushed before, not during, it).
    await client.query('VACUUM (ANALYZE) transactions');
    await client.query('CHECKPOINT');
    return have;
  } finally {
    await client.end();
  }
}

export interface PageTimes {
  userFirst: number;
  userDeep: number;
  adminFirst: number;
  adminDeep: number;
}

/**
 * p95 (ms) of a first page and of a page 10 cursors deep, for the user's own list and the
 * admin list, `rounds` times each, one request at a time.
 */
export async function measurePages(
  user: ApiClient,
  admin: ApiClient,
  rounds: number,
  deadlineMs: number,
): Promise<PageTimes> {
  const times: Record<keyof PageTimes, number[]> = {
    userFirst: [],
    userDeep: [],
    adminFirst: [],
    adminDeep: [],
  };
  const walk = async (client: ApiClient, base: string, first: number[], deep: number[]) => {
    let cursor: string | null = null;
    for (let page = 0; page <= 10; page += 1) {
      const url = `${base}?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const reply = await client.get(url);
      if (reply.status !== 200) throw new Error(`${url}: ${reply.status} ${reply.body}`);
      if (page === 0) first.push(reply.ms);
      if (page === 10) deep.push(reply.ms);
      cursor = (JSON.parse(reply.body) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
  };
  const end = Date.now() + deadlineMs;
  for (let i = 0; i < rounds && Date.now() < end; i += 1) {
    await walk(user, '/api/transactions', times.userFirst, times.userDeep);
    await walk(admin, '/api/admin/transactions', times.adminFirst, times.adminDeep);
  }
  const p95 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      95,
    );
  return {
    userFirst: p95(times.userFirst),
    userDeep: p95(times.userDeep),
    adminFirst: p95(times.adminFirst),
    adminDeep: p95(times.adminDeep),
  };
}
