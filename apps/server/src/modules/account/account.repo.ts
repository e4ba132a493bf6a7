import type pg from 'pg';
import type { UserAccountKind } from '../ledger/domain';
import type { UserBalances } from '../ledger/ledger.repo';
import type { TransactionRow } from '../ledger/ledger.schema';

export interface AccountFigures {
  balances: UserBalances;
  /** Net movement of the user's own accounts per journal entry kind. */
  netByEntryKind: Map<string, bigint>;
  pendingWithdrawalsCount: number;
  pendingDepositsCount: number;
  /** The three newest transactions, newest first. */
  recent: TransactionRow[];
}

/**
 * Everything the dashboard reads from the ledger in one statement (one round trip, one pooled
 * connection), as scalar subqueries: the balances, the net per entry kind kept by the posting
 * function in ledger_user_totals (the sum of the user's postings per kind, without reading their
 * whole history), the pending counts from the pending queue (0042) and the first three rows of listTransactions. Cents travel as text (exact), timestamps as PostgreSQL's text, parsed
 * the way Drizzle parses them.
 */
const FIGURES_SQL = `
  SELECT
    (SELECT coalesce(json_object_agg(kind, balance::text), '{}')
       FROM ledger_accounts WHERE user_id = $1) AS balances,
    (SELECT coalesce(json_object_agg(entry_kind, net::text), '{}')
       FROM ledger_user_totals WHERE user_id = $1) AS net_by_entry_kind,
    (SELECT count(*)::int FROM pending_transactions
       WHERE user_id = $1 AND kind = 'withdrawal') AS pending_withdrawals,
    (SELECT count(*)::int FROM pending_transactions
       WHERE user_id = $1 AND kind = 'deposit') AS pending_deposits,
    (SELECT coalesce(json_agg(json_build_object(
         'id', t.id, 'transactionId', t.transaction_id, 'userId', t.user_id, 'kind', t.kind,
         'type', t.type, 'status', t.status, 'amountCents', t.amount_cents::text,
         'feeCents', t.fee_cents::text, 'description', t.description,
         'descriptionParts', t.description_parts, 'crypto', t.crypto, 'channel', t.channel,
         'paymentReference', t.payment_reference, 'failureReason', t.failure_reason,
         'methodId', t.method_id, 'payoutDetails', t.payout_details, 'decidedBy', t.decided_by,
         'decidedAt', t.decided_at::text, 'createdAt', t.created_at::text,
         'updatedAt', t.updated_at::text)
       ORDER BY t.created_at DESC, t.id DESC), '[]')
     FROM (SELECT * FROM transactions WHERE user_id = $1
           ORDER BY created_at DESC, id DESC LIMIT 3) t) AS recent`;

/** A transaction row as the JSON above carries it. */
type RecentJson = Omit<
  TransactionRow,
  'amountCents' | 'feeCents' | 'decidedAt' | 'createdAt' | 'updatedAt'
> & {
  amountCents: string;
  feeCents: string;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

interface FiguresRow {
  balances: Partial<Record<UserAccountKind, string>>;
  net_by_entry_kind: Record<string, string>;
  pending_withdrawals: number;
  pending_deposits: number;
  recent: RecentJson[];
}

function toRow(json: RecentJson): TransactionRow {
  return {
    ...json,
    amountCents: BigInt(json.amountCents),
    feeCents: BigInt(json.feeCents),
    decidedAt: json.decidedAt === null ? null : new Date(json.decidedAt),
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
  };
}

/**
 * The user's dashboard figures; every subquery is scoped to `userId`. Takes the pool behind the
 * Drizzle handle: a named statement is parsed and planned once per pooled connection.
 */
export async function accountFigures(
  pool: pg.Pool | pg.PoolClient,
  userId: string,
): Promise<AccountFigures> {
  const result = await pool.query<FiguresRow>({
    name: 'account_figures',
    text: FIGURES_SQL,
    values: [userId],
  });
  const row = result.rows[0];
  if (!row) throw new Error('account figures returned no row');
  const balances: UserBalances = { available: 0n, withdrawal_hold: 0n, invested: 0n };
  for (const [kind, balance] of Object.entries(row.balances) as [UserAccountKind, string][]) {
    balances[kind] = BigInt(balance);
  }
  return {
    balances,
    netByEntryKind: new Map(
      Object.entries(row.net_by_entry_kind).map(([kind, net]) => [kind, BigInt(net)]),
    ),
    pendingWithdrawalsCount: row.pending_withdrawals,
    pendingDepositsCount: row.pending_deposits,
    recent: row.recent.map(toRow),
  };
}
