import type { Queryable } from './statements.repo';

/**
 * The operator's exports read the whole ledger (admin functions: no user scope by design), through
 * a server-side cursor inside the caller's snapshot transaction: one scan, fetched in batches, so
 * the rows are never all in memory and no page re-reads what the last one did.
 *
 * The real book only (issue 42). These files are the operator's accounting: money the operator
 * holds for its users and owes them. The practice book is virtual money that nobody owns or owes
 * (it comes from and goes back to `practice_grants`); in the journal it would only swell the
 * volumes and put accounts no accountant can reconcile with a bank or a wallet in the trial
 * balance. No entry spans the two books (the ledger refuses one), so leaving the practice
 * accounts' postings out leaves every exported entry whole and balanced. Practice activity is
 * shown apart, on the admin overview.
 */

export interface JournalRow {
  entry_id: string;
  booked_at: string;
  entry_kind: string;
  description: string;
  transaction_id: string | null;
  posting_id: string;
  account_code: string;
  account_kind: string;
  user_id: string | null;
  amount: string;
}

export interface BalanceRow {
  account_code: string;
  account_kind: string;
  user_id: string | null;
  balance: string;
}

const JOURNAL_SQL = `
  SELECT e.id::text AS entry_id,
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS booked_at,
    e.kind AS entry_kind, e.description, t.transaction_id, p.id::text AS posting_id,
    a.code AS account_code, a.kind AS account_kind, a.user_id::text AS user_id,
    p.amount::text AS amount
  FROM journal_entries e
  JOIN postings p ON p.entry_id = e.id
  JOIN ledger_accounts a ON a.id = p.account_id
  LEFT JOIN transactions t ON t.id = e.transaction_id
  WHERE e.created_at >= $1 AND e.created_at < $2 AND a.book = 'real'
  ORDER BY e.id, p.id`;

const BALANCES_SQL = `
  SELECT a.code AS account_code, a.kind AS account_kind, a.user_id::text AS user_id,
    sum(p.amount)::text AS balance
  FROM ledger_accounts a
  JOIN postings p ON p.account_id = a.id
  JOIN journal_entries e ON e.id = p.entry_id
  WHERE e.created_at < $1 AND a.book = 'real'
  GROUP BY a.id
  ORDER BY a.code`;

async function* fetchAll<T>(
  db: Queryable,
  name: string,
  text: string,
  values: unknown[],
  batch: number,
): AsyncGenerator<T[]> {
  await db.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${text}`, values);
  try {
    for (;;) {
      const result = await db.query<T & Record<string, unknown>>(`FETCH ${batch} FROM ${name}`);
      if (result.rows.length > 0) yield result.rows;
      if (result.rows.length < batch) return;
    }
  } finally {
    await db.query(`CLOSE ${name}`).catch(() => undefined);
  }
}

/** Every posting of the entries booked in [start, end), in booking order, `batch` at a time. */
export function journalRows(db: Queryable, start: Date, end: Date, batch: number) {
  return fetchAll<JournalRow>(
    db,
    'journal_export',
    JOURNAL_SQL,
    [start.toISOString(), end.toISOString()],
    batch,
  );
}

/** Every account that had a posting before `instant`, with its balance then, by code. */
export function balanceRows(db: Queryable, instant: Date, batch: number) {
  return fetchAll<BalanceRow>(db, 'balances_export', BALANCES_SQL, [instant.toISOString()], batch);
}
