import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';
import { latestQuotesJson } from '../market/market.repo';
import { positionsJson, positionsOf, toState } from './strategies.repo';
import { strategies, trades, type TradeRow } from './copy-trading.schema';

/** The user's open trade, locked FOR UPDATE. */
export async function lockOpenTradeOfUser(
  db: DbOrTx,
  userId: string,
): Promise<TradeRow | undefined> {
  const [row] = await db
    .select()
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.status, 'open')))
    .for('update');
  return row;
}

/**
 * An open trade to close (the user's, or by id; a closed one is skipped after the lock wait) with
 * its plan's title, locked FOR UPDATE: the trade's lock alone decides who closes it (the user or
 * a scheduled close). The strategy is not locked: closing only reads it.
 */
export async function lockOpenTradeToClose(
  db: DbOrTx,
  by: { userId: string } | { id: string },
): Promise<{ trade: TradeRow; planTitle: string } | undefined> {
  const [row] = await db
    .select({ trade: trades, planTitle: plans.title })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .where(
      and(
        'id' in by ? eq(trades.id, by.id) : eq(trades.userId, by.userId),
        eq(trades.status, 'open'),
      ),
    )
    .for('update', { of: trades });
  return row;
}

/**
 * A plan to invest in and the id of the user's open trade if there is one, locked (a close in
 * progress is waited for). The plan's strategy is not locked: an invest only reads it, so every
 * copier of a strategy can invest at once. One round trip.
 */
export async function planAndOpenTrade(db: DbOrTx, planId: string, userId: string) {
  const open = db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.status, 'open')))
    .for('update')
    .as('open_trade');
  const [row] = await db
    .select({ plan: plans, openTradeId: open.id })
    .from(plans)
    .leftJoinLateral(open, sql`true`)
    .where(eq(plans.id, planId));
  return row;
}

/**
 * The user's open trade with its plan's title and its strategy's state (and with `withQuotes` the
 * latest market quotes), from one snapshot.
 */
export async function openTradeOfUser(
  db: DbOrTx,
  userId: string,
  options: { withQuotes: boolean },
) {
  const [row] = await db
    .select({
      trade: trades,
      planTitle: plans.title,
      strategy: strategies,
      positions: positionsJson,
      quotes: options.withQuotes ? latestQuotesJson : sql<null>`null`,
    })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .innerJoin(strategies, eq(strategies.id, trades.strategyId))
    .where(and(eq(trades.userId, userId), eq(trades.status, 'open')));
  if (!row) return undefined;
  return {
    trade: row.trade,
    planTitle: row.planTitle,
    strategy: { row: row.strategy, state: toState(row.strategy, positionsOf(row.positions)) },
    quotes: row.quotes,
  };
}

/** Open trades whose term has ended by `now`. */
export async function dueTradeIds(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.status, 'open'), lte(trades.closesAt, now)));
  return rows.map((r) => r.id);
}

/**
 * Open trades whose loss at the strategy's latest NAV reached their stop-loss: the exact integer
 * rule of the domain ((amount − floor(units × NAV × 100)) × 100 ≥ amount × pct) in NUMERIC. A
 * candidate list only; each is checked again, locked, at the live NAV before it closes.
 */
export async function stopLossCandidateIds(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT t.id FROM trades t JOIN strategies s ON s.id = t.strategy_id
    WHERE t.status = 'open'
      AND (t.amount_cents - floor(t.units * s.nav * 100)) * 100 >= t.amount_cents * t.stop_loss_pct`);
  return result.rows.map((r) => r.id);
}
