import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { escapeLike } from '../../../db/keyset';
import type { Book } from '@app/shared/schemas/kinds';
import type { StrategyRunBy } from '@app/shared/schemas/trades';
import { type CloseReason } from '../copy-trading.schema';

/**
 * A closed trade as the trade history lists it, over its whole life: `amountCents` all that was
 * put in (`openedCents` + `addedCents`), `valueCents`/`feeCents`/`payoutCents` summed over its
 * removals, claims and its close (`payoutCents` = `removedCents` + `claimedCents` +
 * `closePayoutCents`). Each part is the amount of one of the user's transactions, so the history
 * reconciles with the transaction list.
 */
export interface ClosedTradeRecord {
  id: string;
  book: Book;
  openedAt: Date;
  closedAt: Date;
  planTitle: string;
  strategyName: string;
  strategyRunBy: StrategyRunBy;
  amountCents: bigint;
  /** The first amount invested ("Invested in … plan"). */
  openedCents: bigint;
  /** Money added later ("Added funds to … plan"). */
  addedCents: bigint;
  valueCents: bigint;
  feeCents: bigint;
  payoutCents: bigint;
  /** Paid out by removals ("Took funds out of … plan"), after their fees. */
  removedCents: bigint;
  /** Paid out by profit claims ("Profit claimed"), after their fees. */
  claimedCents: bigint;
  /** Paid out by the close itself ("Trade closed"), after its fee. */
  closePayoutCents: bigint;
  closeReason: CloseReason;
  transactionId: string | null;
  /** closed_at as exact text (microseconds), for the next page's cursor. */
  cursorAt: string;
}

interface ClosedTradesPageParams {
  userId: string;
  /** The copies of one book (issue 42): real and practice histories are read apart. */
  book: Book;
  after: { cursorAt: string; id: string } | null;
  limit: number;
  newestFirst?: boolean;
  search?: string | undefined;
}

/** A closed trade as the page's query returns it: timestamps and cents as text. */
type ClosedTradeRow = {
  id: string;
  book: Book;
  opened_at: string;
  closed_at: string;
  plan_title: string;
  strategy_name: string;
  strategy_run_by: StrategyRunBy;
  amount_cents: string;
  added_cents: string;
  value_cents: string;
  fee_cents: string;
  payout_cents: string;
  removed_cents: string;
  claimed_cents: string;
  close_payout_cents: string;
  close_reason: CloseReason;
  transaction_id: string | null;
};

/** The keyset (after the previous page's last), the search and the order of a page. */
function pageClauses(params: ClosedTradesPageParams) {
  const newest = params.newestFirst === true;
  const after = params.after
    ? newest
      ? sql`AND (t.closed_at, t.id) < (${params.after.cursorAt}::timestamptz, ${params.after.id}::uuid)`
      : sql`AND (t.closed_at, t.id) > (${params.after.cursorAt}::timestamptz, ${params.after.id}::uuid)`
    : sql``;
  const pattern = params.search ? `%${escapeLike(params.search)}%` : undefined;
  const search = pattern ? sql`AND (p.title ILIKE ${pattern} OR s.name ILIKE ${pattern})` : sql``;
  const order = newest ? sql`t.closed_at DESC, t.id DESC` : sql`t.closed_at, t.id`;
  return { after, search, order };
}

function toClosedTradeRecord(row: ClosedTradeRow): ClosedTradeRecord {
  return {
    id: row.id,
    book: row.book,
    openedAt: new Date(row.opened_at),
    closedAt: new Date(row.closed_at),
    planTitle: row.plan_title,
    strategyName: row.strategy_name,
    strategyRunBy: row.strategy_run_by,
    amountCents: BigInt(row.amount_cents),
    openedCents: BigInt(row.amount_cents) - BigInt(row.added_cents),
    addedCents: BigInt(row.added_cents),
    valueCents: BigInt(row.value_cents),
    feeCents: BigInt(row.fee_cents),
    payoutCents: BigInt(row.payout_cents),
    removedCents: BigInt(row.removed_cents),
    claimedCents: BigInt(row.claimed_cents),
    closePayoutCents: BigInt(row.close_payout_cents),
    closeReason: row.close_reason,
    transactionId: row.transaction_id,
    cursorAt: row.closed_at,
  };
}

/**
 * One keyset page of a user's closed trades after the previous page's last (closed_at, id):
 * oldest close first (the CSV export) or newest first (the history page), optionally only those
 * whose plan or strategy name contains `search`. Scoped to the user in its `where`.
 */
export async function closedTradesPage(
  db: DbOrTx,
  params: ClosedTradesPageParams,
): Promise<ClosedTradeRecord[]> {
  const { after, search, order } = pageClauses(params);
  const result = await db.execute<ClosedTradeRow>(sql`
    SELECT t.id, t.book,
      to_char(t.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS opened_at,
      to_char(t.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS closed_at,
      p.title AS plan_title, s.name AS strategy_name,
      CASE WHEN s.lead_trader_id IS NULL THEN 'demo' ELSE 'trader' END AS strategy_run_by,
      (t.amount_cents + coalesce(r.cost, 0))::text AS amount_cents,
      (t.value_cents + coalesce(r.value, 0))::text AS value_cents,
      (t.fee_cents + coalesce(r.fee, 0))::text AS fee_cents,
      (t.payout_cents + coalesce(r.payout, 0))::text AS payout_cents,
      coalesce(r.added, 0)::text AS added_cents,
      coalesce(r.removed, 0)::text AS removed_cents,
      coalesce(r.claimed, 0)::text AS claimed_cents,
      t.payout_cents::text AS close_payout_cents,
      t.close_reason, tx.transaction_id
    FROM trades t
    JOIN plans p ON p.id = t.plan_id
    JOIN strategies s ON s.id = t.strategy_id
    LEFT JOIN transactions tx ON tx.id = t.close_transaction_id
    -- What earlier removals and profit claims took out (a claim costs nothing), and what adds
    -- put in: the totals put in and taken out over the trade's life, and their parts.
    LEFT JOIN LATERAL (
      SELECT sum(c.cost_cents) FILTER (WHERE c.kind <> 'add') AS cost,
        sum(c.amount_cents) FILTER (WHERE c.kind <> 'add') AS value,
        sum(c.fee_cents) FILTER (WHERE c.kind <> 'add') AS fee,
        sum(c.payout_cents) FILTER (WHERE c.kind <> 'add') AS payout,
        sum(c.amount_cents) FILTER (WHERE c.kind = 'add') AS added,
        sum(c.payout_cents) FILTER (WHERE c.kind = 'remove') AS removed,
        sum(c.payout_cents) FILTER (WHERE c.kind = 'claim') AS claimed
      FROM trade_changes c WHERE c.trade_id = t.id
    ) r ON true
    WHERE t.user_id = ${params.userId} AND t.book = ${params.book} AND t.status = 'closed'
      ${after} ${search}
    ORDER BY ${order}
    LIMIT ${params.limit}`);
  return result.rows.map(toClosedTradeRecord);
}
