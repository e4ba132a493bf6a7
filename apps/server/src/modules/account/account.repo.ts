import type { SharedReads } from '../../db/performance';
import type { Book } from '@app/shared/schemas/kinds';
import type { UserBalances } from '../ledger';
import type { TransactionRow } from '../../db/schema';
import type { OpenTradeFactsJson } from '../copy-trading';

export interface AccountFigures {
  /** The book's balances (practice_available and practice_invested as available and invested). */
  balances: UserBalances;
  /** Net movement of the user's own accounts per journal entry kind. */
  netByEntryKind: Map<string, bigint>;
  pendingWithdrawalsCount: number;
  pendingDepositsCount: number;
  /** The three newest transactions, newest first. */
  recent: TransactionRow[];
  /** The open trades, newest first, with what valuing them needs (trades.service). */
  openTrades: OpenTradeFactsJson[];
}

/**
 * The user's open trades (`$1`) in the book `$2`, newest first, as one JSON array of OpenTradeFactsJson (what
 * valuing them needs, trades.service valueOpenTrades): numbers exact as text.
 */
const OPEN_TRADES_SQL = `
  SELECT coalesce(json_agg(json_build_object(
      'id', t.id, 'book', t.book, 'planId', t.plan_id, 'strategyId', t.strategy_id,
      'amountCents', t.amount_cents::text, 'units', t.units::text, 'entryNav', t.entry_nav::text,
      'stopLossPct', t.stop_loss_pct, 'takeProfitPct', t.take_profit_pct,
      'performanceFeePct', t.performance_fee_pct::text,
      'openedAt', t.opened_at, 'closesAt', t.closes_at,
      'planTitle', p.title, 'strategyName', s.name,
      'strategyStatus', CASE WHEN s.retired_at IS NOT NULL THEN 'retired'
        WHEN s.paused_at IS NOT NULL THEN 'paused' ELSE 'running' END,
      'strategyRunBy', CASE WHEN s.lead_trader_id IS NULL THEN 'demo' ELSE 'trader' END,
      'nav', s.nav::text, 'cashPerUnit', s.cash_per_unit::text,
      'positions', (SELECT json_agg(json_build_object('symbol', q.symbol, 'side', q.side,
          'quantity', q.quantity_per_unit::text, 'entryPrice', q.entry_price::text))
        FROM strategy_positions q WHERE q.strategy_id = s.id))
    ORDER BY t.opened_at DESC, t.id DESC), '[]')
  FROM trades t
  JOIN plans p ON p.id = t.plan_id
  JOIN strategies s ON s.id = t.strategy_id
  WHERE t.user_id = $1 AND t.status = 'open' AND t.book = $2`;

/**
 * Everything the dashboard reads from the ledger in one statement (one round trip, one pooled
 * connection), as scalar subqueries: the balances, the net per entry kind kept by the posting
 * function in ledger_user_totals (the sum of the user's postings per kind, without reading their
 * whole history), the pending counts from the pending queue (0042), the first three rows of
 * listTransactions and the open trades (what valuing them needs). Cents travel as text (exact),
 * timestamps as PostgreSQL's text, parsed the way Drizzle parses them.
 */
const FIGURES_SQL = `
  SELECT
    (SELECT coalesce(json_object_agg(kind, balance::text), '{}')
       FROM ledger_accounts WHERE user_id = $1 AND book = $2) AS balances,
    (SELECT coalesce(json_object_agg(entry_kind, net::text), '{}')
       FROM ledger_user_totals WHERE user_id = $1) AS net_by_entry_kind,
    (SELECT count(*)::int FROM pending_transactions
       WHERE user_id = $1 AND kind = 'withdrawal') AS pending_withdrawals,
    (SELECT count(*)::int FROM pending_transactions
       WHERE user_id = $1 AND kind = 'deposit') AS pending_deposits,
    (SELECT coalesce(json_agg(json_build_object(
         'id', t.id, 'book', t.book, 'transactionId', t.transaction_id, 'userId', t.user_id, 'kind', t.kind,
         'type', t.type, 'status', t.status, 'amountCents', t.amount_cents::text,
         'feeCents', t.fee_cents::text, 'description', t.description,
         'descriptionParts', t.description_parts, 'crypto', t.crypto, 'channel', t.channel,
         'paymentReference', t.payment_reference, 'failureReason', t.failure_reason,
         'methodId', t.method_id, 'payoutDetails', t.payout_details, 'decidedBy', t.decided_by,
         'chainNetwork', t.chain_network, 'chainTxHash', t.chain_tx_hash,
         'chainExplorerUrl', t.chain_explorer_url,
         'decidedAt', t.decided_at::text, 'createdAt', t.created_at::text,
         'updatedAt', t.updated_at::text)
       ORDER BY t.created_at DESC, t.id DESC), '[]')
     FROM (SELECT * FROM transactions WHERE user_id = $1 AND book = $2
           ORDER BY created_at DESC, id DESC LIMIT 3) t) AS recent,
    (${OPEN_TRADES_SQL}) AS open_trades`;

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
  balances: Record<string, string>;
  net_by_entry_kind: Record<string, string>;
  pending_withdrawals: number;
  pending_deposits: number;
  recent: RecentJson[];
  open_trades: OpenTradeFactsJson[];
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

/** The book's account kinds, by the balance each is read as. */
const BALANCE_OF: Record<Book, Record<string, keyof UserBalances>> = {
  real: { available: 'available', withdrawal_hold: 'withdrawal_hold', invested: 'invested' },
  practice: { practice_available: 'available', practice_invested: 'invested' },
};

/**
 * The user's dashboard figures in one book; every subquery is scoped to `userId` (and the book:
 * the per-kind totals are read whole, the practice kinds being their own). One short statement,
 * on the shared read connections (a named statement, parsed and planned once on each).
 */
export async function accountFigures(
  reads: Pick<SharedReads, 'query'>,
  userId: string,
  book: Book = 'real',
): Promise<AccountFigures> {
  const result = await reads.query<FiguresRow>({
    name: 'account_figures',
    text: FIGURES_SQL,
    values: [userId, book],
  });
  const row = result.rows[0];
  if (!row) throw new Error('account figures returned no row');
  const balances: UserBalances = { available: 0n, withdrawal_hold: 0n, invested: 0n };
  for (const [kind, balance] of Object.entries(row.balances)) {
    const as = BALANCE_OF[book][kind];
    if (as) balances[as] = BigInt(balance);
  }
  return {
    balances,
    netByEntryKind: new Map(
      Object.entries(row.net_by_entry_kind).map(([kind, net]) => [kind, BigInt(net)]),
    ),
    pendingWithdrawalsCount: row.pending_withdrawals,
    pendingDepositsCount: row.pending_deposits,
    recent: row.recent.map(toRow),
    openTrades: row.open_trades,
  };
}
