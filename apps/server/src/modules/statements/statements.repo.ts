import type pg from 'pg';
import { transactionDescriptionSchema } from '@app/shared/schemas/transaction-descriptions';
import type { CashMovement } from './domain/statement';

/** A connection (a pooled client inside the statement's snapshot transaction, or the pool). */
export type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * The user's cash accounts (available, withdrawal_hold): ids only; none before first use. Real
 * money only: the practice book's accounts (practice_available, practice_invested; issue 42) are
 * other kinds, so a statement never shows virtual money.
 */
export async function cashAccountIds(
  db: Queryable,
  userId: string,
): Promise<{ ids: string[]; holdId: string | null }> {
  const result = await db.query<{ id: string; kind: string }>(
    `SELECT id::text, kind FROM ledger_accounts
     WHERE user_id = $1 AND kind IN ('available', 'withdrawal_hold')`,
    [userId],
  );
  return {
    ids: result.rows.map((row) => row.id),
    holdId: result.rows.find((row) => row.kind === 'withdrawal_hold')?.id ?? null,
  };
}

/**
 * Each account's balance at an instant: the sum of its postings in entries booked before it.
 * (The accounts belong to one user: the caller found them by user id.)
 */
export async function balancesBefore(
  db: Queryable,
  accountIds: string[],
  instant: Date,
): Promise<Map<string, bigint>> {
  const result = await db.query<{ account_id: string; balance: string }>(
    `SELECT p.account_id::text, sum(p.amount)::text AS balance
     FROM postings p JOIN journal_entries e ON e.id = p.entry_id
     WHERE p.account_id = ANY($1::bigint[]) AND e.created_at < $2
     GROUP BY p.account_id`,
    [accountIds, instant.toISOString()],
  );
  return new Map(result.rows.map((row) => [row.account_id, BigInt(row.balance)]));
}

/** The net change of these accounts per journal entry kind, for entries booked in [start, end). */
export async function netByEntryKind(
  db: Queryable,
  accountIds: string[],
  start: Date,
  end: Date,
): Promise<Map<string, bigint>> {
  const result = await db.query<{ kind: string; net: string }>(
    `SELECT e.kind, sum(p.amount)::text AS net
     FROM postings p JOIN journal_entries e ON e.id = p.entry_id
     WHERE p.account_id = ANY($1::bigint[]) AND e.created_at >= $2 AND e.created_at < $3
     GROUP BY e.kind`,
    [accountIds, start.toISOString(), end.toISOString()],
  );
  return new Map(result.rows.map((row) => [row.kind, BigInt(row.net)]));
}

/**
 * What the statement tells beside the movements, for entries booked in [start, end): the fees
 * inside the user's paid withdrawals (the fee-income posting of each `withdrawal.pay` entry on
 * the user's hold), the profit or loss realised by closes, profit claims and removals alike (the
 * net of `trade.close` entries, which all three book, over ALL the user's accounts: payout − cost,
 * so a partial removal counts while the copy is still open), and the performance fees charged on the
 * user's trades then: on those closed, on funds taken out and on profits claimed. Real money only
 * (issue 42): practice closes book `practice.trade.close` on practice accounts, and practice copies'
 * fees are virtual, so the real book's accounts and copies are read alone.
 */
export async function statementFacts(
  db: Queryable,
  params: { userId: string; holdId: string | null; start: Date; end: Date },
): Promise<{ withdrawalFees: bigint; realisedProfitLoss: bigint; performanceFeesPaid: bigint }> {
  const result = await db.query<{ fees: string; pnl: string; performance: string }>(
    `SELECT
       (SELECT coalesce(sum(fp.amount), 0)::text
          FROM postings hp
          JOIN journal_entries e ON e.id = hp.entry_id AND e.kind = 'withdrawal.pay'
          JOIN postings fp ON fp.entry_id = e.id
          JOIN ledger_accounts fa ON fa.id = fp.account_id AND fa.kind = 'fee_income'
          WHERE hp.account_id = $2::bigint AND e.created_at >= $3 AND e.created_at < $4) AS fees,
       (SELECT coalesce(sum(p.amount), 0)::text
          FROM ledger_accounts a
          JOIN postings p ON p.account_id = a.id
          JOIN journal_entries e ON e.id = p.entry_id AND e.kind = 'trade.close'
          WHERE a.user_id = $1 AND a.book = 'real'
            AND e.created_at >= $3 AND e.created_at < $4) AS pnl,
       ((SELECT coalesce(sum(fee_cents), 0) FROM trades
          WHERE user_id = $1 AND book = 'real' AND status = 'closed'
            AND closed_at >= $3 AND closed_at < $4)
        -- and on the funds taken out of open trades and the profits claimed from them
        + (SELECT coalesce(sum(c.fee_cents), 0) FROM trade_changes c
          JOIN trades tr ON tr.id = c.trade_id
          WHERE tr.user_id = $1 AND tr.book = 'real'
            AND c.created_at >= $3 AND c.created_at < $4))::text
         AS performance`,
    [params.userId, params.holdId, params.start.toISOString(), params.end.toISOString()],
  );
  const row = result.rows[0];
  if (!row) throw new Error('statement facts returned no row');
  return {
    withdrawalFees: BigInt(row.fees),
    realisedProfitLoss: BigInt(row.pnl),
    performanceFeesPaid: BigInt(row.performance),
  };
}

interface MovementRow {
  entry_id: string;
  kind: string;
  at: string;
  description: string;
  transaction_id: string | null;
  transaction_kind: string | null;
  description_parts: unknown;
  cash: string;
  fee: string;
}

/**
 * One keyset page of the entries that moved these accounts' total, booked in [start, end), in
 * booking order (entry id) after `afterEntryId`: each with its net on the accounts and, for a
 * paid withdrawal, its fee. An entry that moved money only between the accounts (a withdrawal
 * hold, its release) nets to zero and is left out.
 *
 * The page looks at the next `limit` entries of the accounts (by the postings' (account, entry)
 * index, per account) and keeps those in the range: each page costs the same wherever it is in
 * a long history (the first version joined every later entry on each page, which grew with the
 * square of the rows: 20,000 rows took 40 times as long as 2,000). `scannedThrough` is where the
 * next page starts; `done` when no entry of the accounts is left.
 */
export async function movementPage(
  db: Queryable,
  params: {
    accountIds: string[];
    start: Date;
    end: Date;
    afterEntryId: bigint;
    limit: number;
    /** Only these entry kinds (e.g. staff adjustments for the summary). */
    kinds?: readonly string[];
  },
): Promise<{ movements: CashMovement[]; scannedThrough: bigint; done: boolean }> {
  const result = await db.query<ScannedRow & Partial<MovementRow>>(
    `WITH candidates AS (
       SELECT DISTINCT c.entry_id
       FROM unnest($1::bigint[]) AS account(id)
       CROSS JOIN LATERAL (
         SELECT p.entry_id FROM postings p
         WHERE p.account_id = account.id AND p.entry_id > $2::bigint
         ORDER BY p.entry_id LIMIT $5) AS c
       ORDER BY c.entry_id LIMIT $5
     )
     SELECT s.scanned, s.through, m.*
     FROM (SELECT count(*)::int AS scanned, max(entry_id)::text AS through FROM candidates) AS s
     LEFT JOIN LATERAL (
       SELECT e.id::text AS entry_id, e.kind,
         to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
         e.description, t.transaction_id, t.kind AS transaction_kind, t.description_parts,
         (sum(p.amount) FILTER (WHERE p.account_id = ANY($1::bigint[])))::text AS cash,
         coalesce(sum(p.amount) FILTER (WHERE a.kind = 'fee_income' AND e.kind = 'withdrawal.pay'),
           0)::text AS fee
       FROM candidates k
       JOIN journal_entries e ON e.id = k.entry_id
       JOIN postings p ON p.entry_id = e.id
       JOIN ledger_accounts a ON a.id = p.account_id
       LEFT JOIN transactions t ON t.id = e.transaction_id
       WHERE e.created_at >= $3 AND e.created_at < $4
         AND ($6::text[] IS NULL OR e.kind = ANY($6::text[]))
       GROUP BY e.id, t.id
       HAVING sum(p.amount) FILTER (WHERE p.account_id = ANY($1::bigint[])) <> 0
     ) AS m ON true
     ORDER BY m.entry_id::bigint`,
    [
      params.accountIds,
      params.afterEntryId.toString(),
      params.start.toISOString(),
      params.end.toISOString(),
      params.limit,
      params.kinds ?? null,
    ],
  );
  const first = result.rows[0];
  const scanned = first?.scanned ?? 0;
  return {
    movements: result.rows
      .filter((row): row is ScannedRow & MovementRow => row.entry_id != null)
      .map((row) => ({
        entryId: BigInt(row.entry_id),
        entryKind: row.kind,
        at: new Date(row.at),
        transactionId: row.transaction_id,
        transactionKind: row.transaction_kind,
        description: row.description,
        descriptionParts:
          transactionDescriptionSchema.safeParse(row.description_parts).data ?? null,
        amount: BigInt(row.cash),
        fee: BigInt(row.fee),
      })),
    scannedThrough: first?.through == null ? params.afterEntryId : BigInt(first.through),
    done: scanned < params.limit,
  };
}

interface ScannedRow {
  scanned: number;
  through: string | null;
}
