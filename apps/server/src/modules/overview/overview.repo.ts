import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * The users the admin's list shows under All, Active and Awaiting review (users.repo's
 * filterCondition: admins included, closed accounts only under All), so each figure matches the
 * list it links to.
 */
export async function userCounts(db: DbOrTx) {
  const { rows } = await db.execute<{
    total: string;
    pending: string;
    active: string;
    closed: string;
  }>(sql`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE NOT is_active AND deleted_at IS NULL) AS pending,
           count(*) FILTER (WHERE is_active AND deleted_at IS NULL) AS active,
           count(*) FILTER (WHERE deleted_at IS NOT NULL) AS closed
    FROM users`);
  const row = rows[0];
  return {
    total: toNumber(row?.total),
    pending: toNumber(row?.pending),
    active: toNumber(row?.active),
    closed: toNumber(row?.closed),
  };
}

/**
 * Sums of the users' ledger accounts, by kind (balances are kept equal to their postings): the
 * real money, and apart from it the virtual money in practice copies (issue 42), which the real
 * kinds never include.
 */
export async function userMoney(db: DbOrTx) {
  const { rows } = await db.execute<{ kind: string; total: string }>(sql`
    SELECT kind, coalesce(sum(balance), 0) AS total FROM ledger_accounts
    WHERE user_id IS NOT NULL GROUP BY kind`);
  const byKind = new Map(rows.map((r) => [r.kind, toNumber(r.total)]));
  return {
    real: {
      availableCents: byKind.get('available') ?? 0,
      investedCents: byKind.get('invested') ?? 0,
      heldCents: byKind.get('withdrawal_hold') ?? 0,
    },
    practiceInvestedCents: byKind.get('practice_invested') ?? 0,
  };
}

/**
 * The practice accounts (issue 42), counted apart from every real figure: how many were opened,
 * how many users hold an open practice copy, and how many such copies there are.
 */
export async function practiceCounts(db: DbOrTx) {
  const { rows } = await db.execute<{ accounts: string; practising: string; copies: string }>(sql`
    SELECT (SELECT count(*) FROM practice_accounts) AS accounts,
           count(DISTINCT user_id) AS practising,
           count(*) AS copies
    FROM trades WHERE status = 'open' AND book = 'practice'`);
  const row = rows[0];
  return {
    accounts: toNumber(row?.accounts),
    practising: toNumber(row?.practising),
    openCopies: toNumber(row?.copies),
  };
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
 * money only: the practice book has no deposits or withdrawals).
 */
export async function dailyVolumes(db: DbOrTx, now: Date, days: number) {
  const { rows } = await db.execute<{ day: string; deposits: string; withdrawals: string }>(sql`
    WITH d AS (
      SELECT generate_series(
        (date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}))::date,
        (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date,
        interval '1 day')::date AS day)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
           coalesce(sum(t.amount_cents) FILTER (WHERE t.kind = 'deposit'), 0) AS deposits,
           coalesce(sum(t.amount_cents) FILTER (WHERE t.kind = 'withdrawal'), 0) AS withdrawals
    FROM d LEFT JOIN transactions t
      ON t.status = 'success' AND t.kind IN ('deposit', 'withdrawal') AND t.book = 'real'
     AND (coalesce(t.decided_at, t.created_at) AT TIME ZONE 'UTC')::date = d.day
    GROUP BY d.day ORDER BY d.day`);
  return rows.map((r) => ({
    day: r.day,
    depositsCents: toNumber(r.deposits),
    withdrawalsCents: toNumber(r.withdrawals),
  }));
}
