import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * The figures kept by migration 0064's triggers, each the sum of its delta rows: a few folded rows
 * per figure plus the deltas written since the last fold (overview_fold, once a minute), whatever
 * the number of users, accounts or copies. Figure names as the migration lists them.
 */
export async function keptFigures(db: DbOrTx): Promise<ReadonlyMap<string, number>> {
  const { rows } = await db.execute<{ figure: string; total: string }>(sql`
    SELECT figure, sum(amount) AS total FROM overview_totals GROUP BY figure`);
  return new Map(rows.map((r) => [r.figure, toNumber(r.total)]));
}

/**
 * Folds the delta rows into one per figure, and per day and kind for the days from `since` on
 * (every day when null). Returns how many rows went.
 */
export async function foldFigures(db: DbOrTx, since: string | null): Promise<number> {
  const { rows } = await db.execute<{ removed: string }>(
    sql`SELECT overview_fold(${since}::date) AS removed`,
  );
  return toNumber(rows[0]?.removed);
}

export async function pendingTotals(db: DbOrTx) {
  const { rows } = await db.execute<{ kind: string; count: string; total: string }>(sql`
    SELECT q.kind, count(*) AS count, coalesce(sum(t.amount_cents), 0) AS total
    FROM pending_transactions q JOIN transactions t ON t.id = q.transaction_id
    WHERE q.kind IN ('deposit', 'withdrawal') GROUP BY q.kind`);
  const of = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return { count: toNumber(row?.count), totalCents: toNumber(row?.total) };
  };
  return { deposits: of('deposit'), withdrawals: of('withdrawal') };
}

/**
 * Approved deposits and paid withdrawals per UTC day, over the `days` days ending `now` (real
 * money only: the practice book has no deposits or withdrawals), from the per-day rows 0064's
 * triggers keep: an index range over those days.
 */
export async function dailyVolumes(db: DbOrTx, now: Date, days: number) {
  const { rows } = await db.execute<{ day: string; deposits: string; withdrawals: string }>(sql`
    WITH d AS (
      SELECT generate_series(
        (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}))::date,
        (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date,
        interval '1 day')::date AS day),
    v AS (
      SELECT v.day, v.kind, sum(v.amount_cents) AS amount FROM overview_daily_volumes v
      WHERE v.day BETWEEN (SELECT min(day) FROM d) AND (SELECT max(day) FROM d)
      GROUP BY v.day, v.kind)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
           coalesce(sum(v.amount) FILTER (WHERE v.kind = 'deposit'), 0) AS deposits,
           coalesce(sum(v.amount) FILTER (WHERE v.kind = 'withdrawal'), 0) AS withdrawals
    FROM d LEFT JOIN v ON v.day = d.day
    GROUP BY d.day ORDER BY d.day`);
  return rows.map((r) => ({
    day: r.day,
    depositsCents: toNumber(r.deposits),
    withdrawalsCents: toNumber(r.withdrawals),
  }));
}
