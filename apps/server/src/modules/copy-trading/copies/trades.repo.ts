import { and, asc, desc, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { jsonArray } from '../../../db/json-array';
import { unseenBy } from '../../../db/unseen-by';
import { plans } from '../../../db/schema';
import { preparedPer } from '../../../db/performance';
import { positionsJson, positionsOf, toState } from '../strategy-positions.repo';
import { NAV_DECIMALS, type StrategyState } from '../domain';
import type { StrategyRunBy, StrategyStatus } from '@app/shared/schemas/trades';
import type { Book, TradeCloseReason } from '@app/shared/schemas/kinds';
import {
  strategies,
  tradeChanges,
  trades,
  type CloseReason,
  type StoredLot,
  type TradeRow,
} from '../copy-trading.schema';

/** The user's open trade `tradeId`, locked FOR UPDATE (undefined if not theirs or not open). */
export async function lockOpenTradeOfUser(
  db: DbOrTx,
  userId: string,
  tradeId: string,
): Promise<TradeRow | undefined> {
  const [row] = await db
    .select()
    .from(trades)
    .where(and(eq(trades.id, tradeId), eq(trades.userId, userId), eq(trades.status, 'open')))
    .for('update');
  return row;
}

/**
 * The latest time any of these trades was opened or changed (an add or a removal), or null for
 * none: a close or a change booked after them is stamped no earlier (see bookingTime).
 */
export async function lastChangedAt(db: DbOrTx, tradeIds: string[]): Promise<Date | null> {
  if (tradeIds.length === 0) return null;
  const ids = jsonArray('uuid', tradeIds);
  const result = await db.execute<{ at: string | null }>(sql`
    SELECT greatest(
      (SELECT max(opened_at) FROM trades WHERE id = ANY(${ids})),
      (SELECT max(created_at) FROM trade_changes WHERE trade_id = ANY(${ids}))
    ) AS at`);
  const at = result.rows[0]?.at;
  return at ? new Date(at) : null;
}

/**
 * The id of the user's newest open real trade (what /api/trades/current names), if any: `current`
 * predates the practice book and never names a practice copy.
 */
export async function newestOpenTradeId(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.status, 'open'), eq(trades.book, 'real')))
    .orderBy(desc(trades.openedAt), desc(trades.id))
    .limit(1);
  return row?.id;
}

/** Whether the user has a trade with this id, open or closed. */
export async function userHasTrade(db: DbOrTx, userId: string, tradeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.id, tradeId), eq(trades.userId, userId)));
  return rows.length > 0;
}

/**
 * An open trade to close (the user's, or by id; a closed one is skipped after the lock wait) with
 * its plan's title, locked FOR UPDATE: the trade's lock alone decides who closes it (the user or
 * a scheduled close). The strategy is not locked: closing only reads it.
 */
export async function lockOpenTradeToClose(
  db: DbOrTx,
  by: { id: string; userId?: string },
): Promise<{ trade: TradeRow; planTitle: string } | undefined> {
  const [row] = await (by.userId === undefined
    ? tradeToClose.byId(db).execute({ id: by.id })
    : tradeToClose.ofUser(db).execute({ id: by.id, userId: by.userId }));
  return row;
}

// lockOpenTradeToClose's statement (by id, or by id and owner), prepared once per connection
// (db/prepared.ts): 150-170 us to build for each close.
const tradeToClose = {
  byId: preparedPer((db: DbOrTx) => selectTradeToClose(db, undefined, 'trade_to_close')),
  ofUser: preparedPer((db: DbOrTx) =>
    selectTradeToClose(db, eq(trades.userId, sql.placeholder('userId')), 'trade_to_close_of_user'),
  ),
};

function selectTradeToClose(db: DbOrTx, owner: SQL | undefined, name: string) {
  return db
    .select({ trade: trades, planTitle: plans.title })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .where(and(eq(trades.id, sql.placeholder('id')), owner, eq(trades.status, 'open')))
    .for('update', { of: trades })
    .prepare(name);
}

/**
 * The user's open trade `tradeId` with its plan, locked FOR UPDATE (an add or a removal; the
 * trade's lock decides between it, its owner's close and a scheduled close).
 */
export async function lockOpenTradeWithPlan(db: DbOrTx, userId: string, tradeId: string) {
  const [row] = await db
    .select({ trade: trades, plan: plans })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .where(and(eq(trades.id, tradeId), eq(trades.userId, userId), eq(trades.status, 'open')))
    .for('update', { of: trades });
  return row;
}

/** The same, unlocked (a quote only reads). */
export async function openTradeWithPlan(db: DbOrTx, userId: string, tradeId: string) {
  const [row] = await db
    .select({ trade: trades, plan: plans })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .where(and(eq(trades.id, tradeId), eq(trades.userId, userId), eq(trades.status, 'open')));
  return row;
}

/** A locked open trade's new cost, units and lots after an add or a removal, with its record. */
export async function changePosition(
  db: DbOrTx,
  tradeId: string,
  position: { amountCents: bigint; units: string; lots: StoredLot[] },
  change: Omit<typeof tradeChanges.$inferInsert, 'tradeId'>,
): Promise<void> {
  await db
    .update(trades)
    .set({ amountCents: position.amountCents, units: position.units, lots: position.lots })
    .where(and(eq(trades.id, tradeId), eq(trades.status, 'open')));
  await db.insert(tradeChanges).values({ ...change, tradeId });
}

/**
 * Serialises a user's invests (a transaction-scoped lock on the user's open trades as a whole),
 * so two invests at once cannot both count one slot below MAX_OPEN_TRADES. Its own statement:
 * what the invest counts next is read after the lock is held.
 */
export async function lockOpenTradesOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`open-trades:${userId}`}, 0))`,
  );
}

/**
 * A plan to invest in, the id of the user's open trade in it in `book` if there is one, locked (a
 * close in progress is waited for), and how many open trades the user holds in that book (each
 * book has its own MAX_OPEN_TRADES). The plan's strategy is not locked: an invest only reads it,
 * so every copier of a strategy can invest at once.
 */
export async function planAndOpenTrade(db: DbOrTx, planId: string, userId: string, book: Book) {
  const [row] = await planAndOpenTradeQuery(db).execute({ planId, userId, book });
  return row;
}

// Prepared once per connection (db/prepared.ts): 140-150 us to build for each invest.
const planAndOpenTradeQuery = preparedPer((db: DbOrTx) => {
  const userId = sql.placeholder('userId');
  const book = sql.placeholder('book');
  const open = db
    .select({ id: trades.id })
    .from(trades)
    .where(
      and(
        eq(trades.userId, userId),
        eq(trades.planId, sql.placeholder('planId')),
        eq(trades.status, 'open'),
        eq(trades.book, book),
      ),
    )
    .for('update')
    .as('open_trade');
  return db
    .select({
      plan: plans,
      openTradeId: open.id,
      openCount: sql<number>`(SELECT count(*)::int FROM ${trades} WHERE ${trades.userId} = ${userId} AND ${trades.status} = 'open' AND ${trades.book} = ${book})`,
    })
    .from(plans)
    .leftJoinLateral(open, sql`true`)
    .where(eq(plans.id, sql.placeholder('planId')))
    .prepare('plan_and_open_trade');
});

// Read on every dashboard refresh: prepared once per pool, not rebuilt and re-planned per request
// (measured: GET /api/trades/current 1,256 → 2,222 req/s, the summary 866 → 1,677).
/** Open trades with their plan's title and their strategy's row and positions, unfiltered. */
function openTradesWithStrategy(db: DbOrTx) {
  return db
    .select({
      trade: trades,
      planTitle: plans.title,
      strategy: strategies,
      positions: positionsJson,
    })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .innerJoin(strategies, eq(strategies.id, trades.strategyId));
}

/** What valuing an open trade needs (trades.service valueOpenTrades): the trade, its names, its NAV. */
export interface OpenTradeFacts {
  trade: Pick<
    TradeRow,
    | 'id'
    | 'book'
    | 'planId'
    | 'strategyId'
    | 'amountCents'
    | 'units'
    | 'entryNav'
    | 'stopLossPct'
    | 'takeProfitPct'
    | 'performanceFeePct'
    | 'openedAt'
    | 'closesAt'
  >;
  planTitle: string;
  strategyName: string;
  strategyStatus: StrategyStatus;
  strategyRunBy: StrategyRunBy;
  /** The strategy's per-unit state, and its last stored NAV (when a price is missing). */
  strategy: { nav: string; state: StrategyState };
}

/**
 * An open trade as the dashboard's figures carry it in JSON (account.repo.ts reads it in their
 * statement; toOpenTradeFacts turns it into OpenTradeFacts): numbers exact as text.
 */
export interface OpenTradeFactsJson {
  id: string;
  book: Book;
  planId: string;
  strategyId: string;
  amountCents: string;
  units: string;
  entryNav: string;
  stopLossPct: number;
  takeProfitPct: number | null;
  performanceFeePct: string;
  openedAt: string;
  closesAt: string;
  planTitle: string;
  strategyName: string;
  strategyStatus: StrategyStatus;
  strategyRunBy: StrategyRunBy;
  nav: string;
  cashPerUnit: string;
  positions: Parameters<typeof positionsOf>[0];
}

export function toOpenTradeFacts(json: OpenTradeFactsJson): OpenTradeFacts {
  return {
    trade: {
      id: json.id,
      book: json.book,
      planId: json.planId,
      strategyId: json.strategyId,
      amountCents: BigInt(json.amountCents),
      units: json.units,
      entryNav: json.entryNav,
      stopLossPct: json.stopLossPct,
      takeProfitPct: json.takeProfitPct,
      performanceFeePct: json.performanceFeePct,
      openedAt: new Date(json.openedAt),
      closesAt: new Date(json.closesAt),
    },
    planTitle: json.planTitle,
    strategyName: json.strategyName,
    strategyStatus: json.strategyStatus,
    strategyRunBy: json.strategyRunBy,
    strategy: {
      nav: json.nav,
      state: toState({ cashPerUnit: json.cashPerUnit }, positionsOf(json.positions)),
    },
  };
}

const openTradeByUser = preparedPer((db: DbOrTx) =>
  openTradesWithStrategy(db)
    .where(
      and(
        eq(trades.userId, sql.placeholder('userId')),
        eq(trades.book, sql.placeholder('book')),
        eq(trades.status, 'open'),
      ),
    )
    .orderBy(desc(trades.openedAt), desc(trades.id))
    .prepare('open_trades_of_user'),
);

type OpenTradeRow = Awaited<ReturnType<ReturnType<typeof openTradeByUser>['execute']>>[number];

function withState(row: OpenTradeRow) {
  return {
    trade: row.trade,
    planTitle: row.planTitle,
    strategy: { row: row.strategy, state: toState(row.strategy, positionsOf(row.positions)) },
  };
}

/**
 * The user's open trades in `book`, newest first, each with its plan's title and its strategy's
 * state, from one snapshot.
 */
export async function openTradesOfUser(db: DbOrTx, userId: string, book: Book) {
  const rows = await openTradeByUser(db).execute({ userId, book });
  return rows.map(withState);
}

/** One open trade of the user's (by id, or the newest), as `openTradesOfUser` gives each. */
export async function openTradeOfUser(
  db: DbOrTx,
  userId: string,
  which: { id: string } | 'newest',
) {
  const [row] = await openTradesWithStrategy(db)
    .where(
      and(
        eq(trades.userId, userId),
        eq(trades.status, 'open'),
        which === 'newest' ? undefined : eq(trades.id, which.id),
      ),
    )
    .orderBy(desc(trades.openedAt), desc(trades.id))
    .limit(1);
  return row ? withState(row) : undefined;
}

/**
 * Which open trades a scheduled close takes: those whose own price rule (stop-loss or take-profit)
 * is crossed at one NAV, or whose term has ended.
 */
export type DueRule = { reason: 'price'; nav: string } | { reason: 'term_end'; now: Date };

/**
 * The ids of the open trades of one strategy that `rule` takes, in id order, unlocked: a
 * cascade's work list, read once and then closed in batches (closeDueCopies). A price rule is
 * found by an index range on each copy's stop_nav and take_profit_nav (kept by a trigger, 0057),
 * so a tick costs in proportion to the copies it crosses, then held to the domain's exact integer
 * rules ((amount − value) × 100 ≥ amount × pct, and its mirror for a gain) in NUMERIC; the caller
 * checks each again with the domain functions. Read once: a batch that paged the same range again
 * after the last id (ORDER BY id LIMIT) sorted every copy still open in the range each time, a
 * cost that grows with the square of the cascade.
 */
export async function dueTradeIds(
  db: DbOrTx,
  strategyId: string,
  rule: DueRule,
): Promise<string[]> {
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.strategyId, strategyId), eq(trades.status, 'open'), dueSql(rule)))
    .orderBy(asc(trades.id));
  return rows.map((row) => row.id);
}

/** What closing a locked copy reads of its row (settle, bookCloses): not the whole row. */
export type ClosingTrade = Pick<TradeRow, 'id' | 'userId' | 'book' | 'performanceFeePct'> &
  DomainTradeColumns;

/** What a copy's domain trade is made of (views.service toDomainTrade). */
export type DomainTradeColumns = Pick<
  TradeRow,
  | 'amountCents'
  | 'units'
  | 'lots'
  | 'entryNav'
  | 'highWaterNav'
  | 'openedAt'
  | 'closesAt'
  | 'stopLossPct'
  | 'takeProfitPct'
>;

/** A copy a scheduled close closed (closeDueCopies): its owner, why, and its transactions' ids. */
export interface DueClose {
  tradeId: string;
  userId: string;
  /** A scheduled close's reasons: an owner's own close or claim never comes through here. */
  reason: Exclude<TradeCloseReason, 'claim' | 'close'>;
  /** The public id of its credit (null: it paid nothing). */
  creditId: string | null;
  /** The lead trader's fee transaction, if one was paid: its owner and public id. */
  fee: { userId: string; transactionId: string } | null;
}

/**
 * Closes those of `ids` that are still open copies of the strategy that `rule` takes at `nav`, in
 * one call of `close_due_copies` (migration 0083): it locks them in id order (a copy its owner is
 * closing is waited for, then left out as closed), judges, values and settles each by the domain's
 * rules in SQL, and writes every row of their closes: the credit and fee transactions, the ledger
 * entries, the alerts (their e-mails are due: mailDueAlerts) and the trades' update. Booked at
 * `now`, or later if a copy changed after it (bookingTime).
 */
export async function closeDueCopies(
  db: DbOrTx,
  params: { strategyId: string; ids: readonly string[]; nav: string; rule: DueRule; now: Date },
): Promise<DueClose[]> {
  if (params.ids.length === 0) return [];
  const termEnd = params.rule.reason === 'term_end' ? params.rule.now.toISOString() : null;
  const { rows } = await db.execute<{
    trade_id: string;
    user_id: string;
    reason: DueClose['reason'];
    credit_id: string | null;
    fee_id: string | null;
    fee_user_id: string | null;
  }>(sql`
    SELECT trade_id, user_id, reason, credit_id, fee_id, fee_user_id FROM close_due_copies(
      ${params.strategyId}::uuid, ${jsonArray('uuid', params.ids)}, ${params.nav}::numeric,
      ${termEnd}::timestamptz, ${params.now.toISOString()}::timestamptz)`);
  return rows.map((row) => ({
    tradeId: row.trade_id,
    userId: row.user_id,
    reason: row.reason,
    creditId: row.credit_id,
    fee:
      row.fee_id && row.fee_user_id ? { userId: row.fee_user_id, transactionId: row.fee_id } : null,
  }));
}

/** What `rule` takes of an open copy, as SQL (see dueTradeIds). */
function dueSql(rule: DueRule): SQL | undefined {
  return rule.reason === 'price'
    ? or(stopCrossedSql(sql`${rule.nav}::numeric`), takeProfitCrossedSql(sql`${rule.nav}::numeric`))
    : lte(trades.closesAt, rule.now);
}

/**
 * Of these strategies at these NAVs, the ones with an open copy whose stop-loss or take-profit
 * its NAV crosses, in one statement (two index probes per strategy), so a tick in which nothing
 * crosses costs one round trip, not a transaction per strategy. Unlocked: closeDueCopies then
 * takes the crossed copies of each.
 */
export async function strategiesWithCrossedCopies(
  db: DbOrTx,
  navs: readonly { strategyId: string; nav: string }[],
): Promise<Set<string>> {
  if (navs.length === 0) return new Set();
  const json = JSON.stringify(navs.map((n) => ({ id: n.strategyId, nav: n.nav })));
  const crossed = (rule: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${trades} WHERE ${trades.strategyId} = s.id
          AND ${trades.status} = 'open' AND ${rule})`;
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT s.id FROM json_to_recordset(${json}::json) AS s(id uuid, nav numeric)
    WHERE ${crossed(stopCrossedSql(sql`s.nav`))} OR ${crossed(takeProfitCrossedSql(sql`s.nav`))}`);
  return new Set(rows.map((row) => row.id));
}

/**
 * The strategies with an open copy whose crossing NAVs (stop_nav, take_profit_nav) a transaction
 * that `since` (an earlier read's snapshot) did not see has set — opened, funds added or removed,
 * a rule edited — with the snapshot read at, in one statement (migration 0067; the technique of
 * 0060's tickStates): an index range over the recent changes. `since` null: none, the snapshot
 * only (the caller checks every strategy then).
 */
export async function strategiesWithChangedRules(
  db: DbOrTx,
  since: string | null,
): Promise<{ snapshot: string; strategyIds: string[] }> {
  const changed =
    since === null ? sql`false` : sql`t.status = 'open' AND ${unseenBy(sql`t.rule_xid`, since)}`;
  const { rows } = await db.execute<{ snapshot: string; ids: string[] | null }>(sql`
    SELECT pg_current_snapshot()::text AS snapshot,
      (SELECT array_agg(DISTINCT t.strategy_id::text) FROM ${trades} t WHERE ${changed}) AS ids`);
  const [row] = rows;
  if (!row) throw new Error('the changed rules read returned no row');
  return { snapshot: row.snapshot, strategyIds: row.ids ?? [] };
}

/** The columns the price rules read, as SQL. */
const openCopy = { amountCents: sql`${trades.amountCents}`, units: sql`${trades.units}` };

/**
 * A copy's stop-loss crossed at `nav`: an index range on the highest NAV at which it fires
 * (stop_nav, 0057), for `nav` rounded down to the NAV's 1e-10 grid (which keeps every crossed copy
 * in range), then the exact rule. Products, not quotients: exact in NUMERIC at any size.
 */
function stopCrossedSql(nav: SQL): SQL {
  return sql`(${trades.stopNav} >= floor(${nav} * ${NAV_STEPS}) * ${NAV_STEP}
              AND ${stopLossRuleSql(openCopy, sql`${trades.stopLossPct}`, nav)})`;
}

/** Its mirror: the lowest NAV at which the take-profit fires (take_profit_nav), `nav` rounded up. */
function takeProfitCrossedSql(nav: SQL): SQL {
  return sql`(${trades.takeProfitNav} <= ceil(${nav} * ${NAV_STEPS}) * ${NAV_STEP}
              AND ${takeProfitRuleSql(openCopy, sql`${trades.takeProfitPct}`, nav)})`;
}

/** 1e10 and 1e-10 (NAV_DECIMALS) as NUMERIC literals. */
const NAV_STEPS = sql.raw(`1e${NAV_DECIMALS}`);
const NAV_STEP = sql.raw(`1e-${NAV_DECIMALS}`);

/**
 * A copy's value, floor(units × NAV × 100) cents and never below 0 (unitsValueCents in
 * packages/shared), as SQL: `copy_value_cents` (0083), which the closes settle with too. A
 * property test keeps the two in step (valuation-rule.test.ts).
 */
function unitsValueCentsSql(units: SQL, nav: SQL): SQL {
  return sql`copy_value_cents(${units}, ${nav})`;
}

/**
 * The stop-loss rule of the shared vocabulary (isStopLossCrossed: loss × 100 ≥ amount × pct, on
 * the copy's value) as SQL over `trade`'s amount and units (`copy_stop_loss_crossed`, 0083), so
 * the database picks the trades the domain would. A property test compares the two
 * (stop-loss-rule.test.ts).
 */
function stopLossRuleSql(trade: { amountCents: SQL; units: SQL }, pct: SQL, nav: SQL): SQL {
  return sql`copy_stop_loss_crossed(${trade.amountCents}, ${unitsValueCentsSql(trade.units, nav)}, ${pct})`;
}

function takeProfitRuleSql(trade: { amountCents: SQL; units: SQL }, pct: SQL, nav: SQL): SQL {
  return sql`copy_take_profit_crossed(${trade.amountCents}, ${unitsValueCentsSql(trade.units, nav)}, ${pct})`;
}

/** What the SQL form of the valuation rule says `units` are worth at `nav` (for the property test). */
export async function unitsValueCentsInSql(
  db: DbOrTx,
  units: string,
  nav: string,
): Promise<bigint> {
  const value = unitsValueCentsSql(sql`${units}::numeric`, sql`${nav}::numeric`);
  const { rows } = await db.execute<{ cents: string }>(sql`SELECT ${value}::text AS cents`);
  return BigInt(rows[0]?.cents ?? Number.NaN);
}

/**
 * What the SQL pre-filter says of one trade at `nav` under its stop-loss or take-profit of `pct`
 * (for the property tests against the domain).
 */
export async function closeRuleCrossedInSql(
  db: DbOrTx,
  rule: 'stop_loss' | 'take_profit',
  trade: { amountCents: bigint; units: string },
  pct: number,
  nav: string,
): Promise<boolean> {
  const crossedSql = rule === 'stop_loss' ? stopLossRuleSql : takeProfitRuleSql;
  const crossed = crossedSql(
    {
      amountCents: sql`${trade.amountCents.toString()}::bigint`,
      units: sql`${trade.units}::numeric`,
    },
    sql`${pct}::int`,
    sql`${nav}::numeric`,
  );
  const { rows } = await db.execute<{ crossed: boolean }>(sql`SELECT ${crossed} AS crossed`);
  return rows[0]?.crossed === true;
}

/** The strategies with an open trade whose term has ended by `now`. */
export async function strategiesWithEndedTerms(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: trades.strategyId })
    .from(trades)
    .where(and(eq(trades.status, 'open'), lte(trades.closesAt, now)));
  return rows.map((r) => r.id);
}

export interface TradeClosing {
  id: string;
  reason: CloseReason;
  exitNav: string;
  valueCents: bigint;
  feeCents: bigint;
  payoutCents: bigint;
  highWaterNav: string;
  closeTransactionId: string | null;
}

/**
 * Marks locked open trades closed, in one statement. The rows are found by their ids (`t.id =
 * ANY`, the primary key): joined only to the closes' JSON, whose size the planner cannot know,
 * the update read every trade of the table for each batch (a seq scan and a hash join; at 10,000
 * copies 19.9 -> 16.0 ms of PostgreSQL CPU a batch of 500, scratch database, 3 x 40 runs).
 */
export async function markClosed(db: DbOrTx, closings: TradeClosing[], now: Date): Promise<void> {
  const json = JSON.stringify(
    closings.map((c) => ({
      ...c,
      valueCents: c.valueCents.toString(),
      feeCents: c.feeCents.toString(),
      payoutCents: c.payoutCents.toString(),
    })),
  );
  const ids = jsonArray(
    'uuid',
    closings.map((c) => c.id),
  );
  const result = await db.execute(sql`
    UPDATE trades t SET status = 'closed', closed_at = ${now.toISOString()}::timestamptz,
      close_reason = c."reason", exit_nav = c."exitNav", value_cents = c."valueCents",
      fee_cents = c."feeCents", payout_cents = c."payoutCents",
      high_water_nav = c."highWaterNav", close_transaction_id = c."closeTransactionId"
    FROM json_to_recordset(${json}::json) AS c("id" uuid, "reason" text, "exitNav" numeric,
      "valueCents" bigint, "feeCents" bigint, "payoutCents" bigint, "highWaterNav" numeric,
      "closeTransactionId" uuid)
    WHERE t.id = ANY(${ids}) AND t.id = c."id" AND t.status = 'open'`);
  if (result.rowCount !== closings.length) {
    throw new Error(`closed ${result.rowCount} of ${closings.length} locked trades`);
  }
}

/** A new open trade; undefined when the user already has one in its plan (one per plan). */
export async function insertTrade(db: DbOrTx, values: NewTrade): Promise<TradeRow | undefined> {
  const [row] = await insertOneTrade(db).execute(values);
  return row;
}

/** What opening a copy writes; the rest of the row starts at its defaults (open, no close yet). */
export type NewTrade = Required<
  Pick<
    typeof trades.$inferInsert,
    | 'userId'
    | 'book'
    | 'planId'
    | 'strategyId'
    | 'amountCents'
    | 'units'
    | 'entryNav'
    | 'highWaterNav'
    | 'performanceFeePct'
    | 'stopLossPct'
    | 'takeProfitPct'
    | 'openedAt'
    | 'closesAt'
    | 'openTransactionId'
  >
>;

// Prepared once per connection (db/prepared.ts): 145-160 us to build for each copy opened. No
// value is null but the take-profit (an integer: its placeholder passes null as it is).
const insertOneTrade = preparedPer((db: DbOrTx) =>
  db
    .insert(trades)
    .values({
      userId: sql.placeholder('userId'),
      book: sql.placeholder('book'),
      planId: sql.placeholder('planId'),
      strategyId: sql.placeholder('strategyId'),
      amountCents: sql.placeholder('amountCents'),
      units: sql.placeholder('units'),
      entryNav: sql.placeholder('entryNav'),
      highWaterNav: sql.placeholder('highWaterNav'),
      performanceFeePct: sql.placeholder('performanceFeePct'),
      stopLossPct: sql.placeholder('stopLossPct'),
      takeProfitPct: sql.placeholder('takeProfitPct'),
      openedAt: sql.placeholder('openedAt'),
      closesAt: sql.placeholder('closesAt'),
      openTransactionId: sql.placeholder('openTransactionId'),
    } satisfies Record<keyof NewTrade, unknown>)
    .onConflictDoNothing()
    .returning()
    .prepare('insert_trade'),
);

/** Sets what is given of the trade's stop-loss and take-profit (null: no take-profit). */
export async function setCloseRules(
  db: DbOrTx,
  tradeId: string,
  rules: { stopLossPct?: number | undefined; takeProfitPct?: number | null | undefined },
) {
  await db
    .update(trades)
    .set({
      ...(rules.stopLossPct !== undefined ? { stopLossPct: rules.stopLossPct } : {}),
      ...(rules.takeProfitPct !== undefined ? { takeProfitPct: rules.takeProfitPct } : {}),
    })
    .where(eq(trades.id, tradeId));
}

/**
 * Every open practice copy of the user's with its plan's title, locked FOR UPDATE in id order (a
 * copy its owner or a scheduled close is closing is waited for, then left out as closed): what a
 * practice reset closes.
 */
export async function lockOpenPracticeTrades(
  db: DbOrTx,
  userId: string,
): Promise<{ trade: TradeRow; planTitle: string }[]> {
  return db
    .select({ trade: trades, planTitle: plans.title })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .where(and(eq(trades.userId, userId), eq(trades.book, 'practice'), eq(trades.status, 'open')))
    .orderBy(asc(trades.id))
    .for('update', { of: trades });
}
