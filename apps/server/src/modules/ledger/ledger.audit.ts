import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface Violation {
  check: string;
  detail: string;
}

interface Check {
  name: string;
  query: ReturnType<typeof sql>;
  describe: (row: Record<string, unknown>) => string;
}

/**
 * The invariants of docs/product.md, each a query that returns the rows breaking it.
 * Run by `npm run audit:ledger` and after every money integration test.
 */
const CHECKS: Check[] = [
  {
    name: 'every entry has at least two postings summing to zero',
    query: sql`
      SELECT e.id, count(p.id) AS lines, coalesce(sum(p.amount), 0) AS total
      FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
      GROUP BY e.id HAVING count(p.id) < 2 OR coalesce(sum(p.amount), 0) <> 0`,
    describe: (r) =>
      `entry ${String(r.id)}: ${String(r.lines)} postings summing to ${String(r.total)}`,
  },
  {
    // Kept by construction since migration 0016 dropped the foreign keys (only ledger_post_entry
    // inserts postings): checked here instead.
    name: "every posting's entry and account exist",
    query: sql`
      SELECT p.id, p.entry_id, p.account_id FROM postings p
      LEFT JOIN journal_entries e ON e.id = p.entry_id
      LEFT JOIN ledger_accounts a ON a.id = p.account_id
      WHERE e.id IS NULL OR a.id IS NULL`,
    describe: (r) =>
      `posting ${String(r.id)}: entry ${String(r.entry_id)}, account ${String(r.account_id)}`,
  },
  {
    name: 'each account balance equals the sum of its postings',
    query: sql`
      SELECT a.code, a.balance, coalesce(sum(p.amount), 0) AS posted
      FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
      GROUP BY a.id HAVING a.balance <> coalesce(sum(p.amount), 0)`,
    describe: (r) =>
      `${String(r.code)}: balance ${String(r.balance)}, postings ${String(r.posted)}`,
  },
  {
    name: "each user's total per entry kind equals the sum of their postings of that kind",
    query: sql`
      WITH posted AS (
        SELECT a.user_id, e.kind AS entry_kind, sum(p.amount) AS net
        FROM postings p
        JOIN ledger_accounts a ON a.id = p.account_id
        JOIN journal_entries e ON e.id = p.entry_id
        WHERE a.user_id IS NOT NULL
        GROUP BY a.user_id, e.kind
      )
      SELECT coalesce(t.user_id, p.user_id) AS user_id,
             coalesce(t.entry_kind, p.entry_kind) AS entry_kind,
             coalesce(t.net, 0) AS kept, coalesce(p.net, 0) AS posted
      FROM ledger_user_totals t
      FULL JOIN posted p ON p.user_id = t.user_id AND p.entry_kind = t.entry_kind
      WHERE coalesce(t.net, 0) <> coalesce(p.net, 0)`,
    describe: (r) =>
      `user ${String(r.user_id)} ${String(r.entry_kind)}: kept ${String(r.kept)}, postings ${String(r.posted)}`,
  },
  {
    // Each book on its own (issue 42): virtual money is never the counter-side of real money.
    name: "each book's balances together sum to zero",
    query: sql`
      SELECT book, sum(balance) AS total FROM ledger_accounts
      GROUP BY book HAVING sum(balance) <> 0`,
    describe: (r) => `${String(r.book)}: total ${String(r.total)}`,
  },
  {
    name: 'no entry spans two books',
    query: sql`
      SELECT p.entry_id, string_agg(DISTINCT a.book, ', ') AS books
      FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
      GROUP BY p.entry_id HAVING count(DISTINCT a.book) > 1`,
    describe: (r) => `entry ${String(r.entry_id)}: ${String(r.books)}`,
  },
  {
    name: 'an entry of a practice kind is in the practice book, any other in the real book',
    query: sql`
      SELECT DISTINCT e.id, e.kind, a.book
      FROM journal_entries e
      JOIN postings p ON p.entry_id = e.id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE (e.kind LIKE 'practice.%') <> (a.book = 'practice')`,
    describe: (r) => `entry ${String(r.id)} (${String(r.kind)}) in the ${String(r.book)} book`,
  },
  {
    name: "a transaction's entries are in the transaction's book",
    query: sql`
      SELECT DISTINCT t.transaction_id, t.book AS transaction_book, a.book AS entry_book
      FROM transactions t
      JOIN journal_entries e ON e.transaction_id = t.id
      JOIN postings p ON p.entry_id = e.id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.book <> t.book`,
    describe: (r) =>
      `${String(r.transaction_id)} (${String(r.transaction_book)}) has an entry in the ${String(r.entry_book)} book`,
  },
  {
    name: 'no user account is negative',
    query: sql`SELECT code, balance FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`,
    describe: (r) => `${String(r.code)}: ${String(r.balance)}`,
  },
  {
    name: 'each withdrawal hold equals the sum of the pending withdrawals',
    query: sql`
      WITH held AS (
        SELECT user_id, balance FROM ledger_accounts WHERE kind = 'withdrawal_hold'
      ), pending AS (
        SELECT user_id, sum(amount_cents) AS amount FROM transactions
        WHERE kind = 'withdrawal' AND status = 'pending' GROUP BY user_id
      )
      SELECT coalesce(h.user_id, p.user_id) AS user_id, coalesce(h.balance, 0) AS held,
             coalesce(p.amount, 0) AS pending
      FROM held h FULL JOIN pending p ON p.user_id = h.user_id
      WHERE coalesce(h.balance, 0) <> coalesce(p.amount, 0)`,
    describe: (r) =>
      `user ${String(r.user_id)}: held ${String(r.held)}, pending ${String(r.pending)}`,
  },
  {
    name: 'each deposit is booked once if approved and never otherwise',
    query: sql`
      SELECT t.transaction_id, t.status, count(e.id) AS entries
      FROM transactions t LEFT JOIN journal_entries e ON e.transaction_id = t.id AND e.kind = 'deposit'
      WHERE t.kind = 'deposit'
      GROUP BY t.id HAVING count(e.id) <> CASE WHEN t.status = 'success' THEN 1 ELSE 0 END`,
    describe: (r) =>
      `${String(r.transaction_id)} (${String(r.status)}): ${String(r.entries)} deposit entries`,
  },
  {
    name: 'each withdrawal is held once and settled at most once, matching its status',
    query: sql`
      SELECT t.transaction_id, t.status,
        count(*) FILTER (WHERE e.kind = 'withdrawal.hold') AS holds,
        count(*) FILTER (WHERE e.kind = 'withdrawal.pay') AS pays,
        count(*) FILTER (WHERE e.kind = 'withdrawal.release') AS releases
      FROM transactions t LEFT JOIN journal_entries e ON e.transaction_id = t.id
      WHERE t.kind = 'withdrawal'
      GROUP BY t.id
      HAVING count(*) FILTER (WHERE e.kind = 'withdrawal.hold') <> 1
        OR count(*) FILTER (WHERE e.kind = 'withdrawal.pay') <> CASE WHEN t.status = 'success' THEN 1 ELSE 0 END
        OR count(*) FILTER (WHERE e.kind = 'withdrawal.release') <> CASE WHEN t.status = 'failed' THEN 1 ELSE 0 END`,
    describe: (r) =>
      `${String(r.transaction_id)} (${String(r.status)}): holds ${String(r.holds)}, pays ${String(r.pays)}, releases ${String(r.releases)}`,
  },
  {
    name: 'the pending queue holds exactly the pending transactions',
    query: sql`
      SELECT coalesce(t.transaction_id, q.transaction_id::text) AS transaction_id,
             coalesce(t.status, 'not pending') AS status,
             CASE WHEN q.transaction_id IS NULL THEN 'not queued' ELSE 'queued' END AS queued
      FROM (SELECT id, transaction_id, status, kind, created_at, user_id FROM transactions
            WHERE status = 'pending') t
      FULL JOIN pending_transactions q ON q.transaction_id = t.id
      WHERE t.id IS NULL OR q.transaction_id IS NULL
         OR q.kind <> t.kind OR q.created_at <> t.created_at OR q.user_id <> t.user_id`,
    describe: (r) => `${String(r.transaction_id)}: ${String(r.status)}, ${String(r.queued)}`,
  },
  {
    name: 'a decided transaction records when and why; a pending one does not',
    query: sql`
      SELECT transaction_id, status FROM transactions
      WHERE kind IN ('deposit', 'withdrawal')
        AND ((status = 'pending') <> (decided_at IS NULL)
          OR (status = 'failed' AND failure_reason IS NULL))`,
    describe: (r) => `${String(r.transaction_id)} (${String(r.status)})`,
  },
  {
    name: "each user's invested balance equals the amounts of their open trades, per book",
    query: sql`
      WITH invested AS (
        SELECT user_id, book, balance FROM ledger_accounts
        WHERE kind IN ('invested', 'practice_invested')
      ), open AS (
        SELECT user_id, book, sum(amount_cents) AS amount FROM trades WHERE status = 'open'
        GROUP BY user_id, book
      )
      SELECT coalesce(i.user_id, o.user_id) AS user_id, coalesce(i.book, o.book) AS book,
             coalesce(i.balance, 0) AS invested, coalesce(o.amount, 0) AS open
      FROM invested i FULL JOIN open o ON o.user_id = i.user_id AND o.book = i.book
      WHERE coalesce(i.balance, 0) <> coalesce(o.amount, 0)`,
    describe: (r) =>
      `user ${String(r.user_id)} (${String(r.book)}): invested ${String(r.invested)}, open trades ${String(r.open)}`,
  },
  {
    name: 'a closed trade paid out its value at exit: floor(units x exit NAV x 100) = payout + fee',
    query: sql`
      SELECT id FROM trades WHERE status <> 'open'
        AND value_cents <> greatest(0, floor(units * exit_nav * 100))`,
    describe: (r) => `trade ${String(r.id)}`,
  },
  {
    // Issue 43: the admin overview reads these figures as kept by 0064's triggers (the users'
    // balances by kind, users and practice counts), never recounting them per request.
    name: 'each figure the admin overview keeps equals the sum of what it counts',
    query: sql`
      WITH kept AS (SELECT figure, sum(amount) AS total FROM overview_totals GROUP BY figure)
      SELECT coalesce(k.figure, c.figure) AS figure, coalesce(k.total, 0) AS kept,
             coalesce(c.total, 0) AS counted
      FROM kept k FULL JOIN overview_counted() c ON c.figure = k.figure
      WHERE coalesce(k.total, 0) <> coalesce(c.total, 0)`,
    describe: (r) => `${String(r.figure)}: kept ${String(r.kept)}, counted ${String(r.counted)}`,
  },
  {
    name: "each day's deposits and withdrawals the admin overview keeps equal those booked",
    query: sql`
      WITH kept AS (
        SELECT day, kind, sum(amount_cents) AS total FROM overview_daily_volumes GROUP BY day, kind
      )
      SELECT to_char(coalesce(k.day, c.day), 'YYYY-MM-DD') AS day, coalesce(k.kind, c.kind) AS kind,
             coalesce(k.total, 0) AS kept, coalesce(c.total, 0) AS booked
      FROM kept k FULL JOIN overview_counted_volumes() c ON c.day = k.day AND c.kind = k.kind
      WHERE coalesce(k.total, 0) <> coalesce(c.total, 0)`,
    describe: (r) =>
      `${String(r.day)} ${String(r.kind)}: kept ${String(r.kept)}, booked ${String(r.booked)}`,
  },
  {
    name: 'a withdrawal fee is below its amount',
    query: sql`SELECT transaction_id FROM transactions WHERE fee_cents >= amount_cents AND fee_cents > 0`,
    describe: (r) => String(r.transaction_id),
  },
];

/** Every violation of the ledger invariants; an empty list means the books are right. */
export async function auditLedger(db: DbOrTx): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const check of CHECKS) {
    const result = await db.execute<Record<string, unknown>>(check.query);
    for (const row of result.rows)
      violations.push({ check: check.name, detail: check.describe(row) });
  }
  return violations;
}
