import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';
import { strategies, trades, type TradeRow } from '../trading/trading.schema';

/** The user's open trade, locked FOR UPDATE (claim, close and scheduled closes all take it). */
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

/** A trade by id, locked, only while still open (a closed one is skipped after the lock wait). */
export async function lockOpenTrade(db: DbOrTx, id: string): Promise<TradeRow | undefined> {
  const [row] = await db
    .select()
    .from(trades)
    .where(and(eq(trades.id, id), eq(trades.status, 'open')))
    .for('update');
  return row;
}

export async function openTradeOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ trade: trades, planTitle: plans.title, strategyName: strategies.name })
    .from(trades)
    .innerJoin(plans, eq(plans.id, trades.planId))
    .innerJoin(strategies, eq(strategies.id, trades.strategyId))
    .where(and(eq(trades.userId, userId), eq(trades.status, 'open')));
  return row;
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
