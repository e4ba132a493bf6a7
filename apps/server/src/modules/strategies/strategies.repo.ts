import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { Dec, isInstrumentSymbol } from '../market/domain';
import type { Fill, Position, StrategyState } from '../trading/domain';
import {
  navSnapshots,
  strategies,
  strategyFills,
  strategyPositions,
  trades,
  type StrategyRow,
} from '../trading/trading.schema';

export type FillReason = 'order' | 'demo' | 'subscription' | 'redemption';

function toPosition(row: typeof strategyPositions.$inferSelect): Position {
  if (!isInstrumentSymbol(row.symbol)) throw new Error(`unknown instrument ${row.symbol} in DB`);
  return {
    symbol: row.symbol,
    side: row.side,
    quantity: new Dec(row.quantity),
    entryPrice: new Dec(row.entryPrice),
  };
}

export function toState(row: StrategyRow, positions: readonly Position[]): StrategyState {
  return {
    cash: new Dec(row.cash),
    unitsOutstanding: new Dec(row.unitsOutstanding),
    positions: [...positions].sort((a, b) => (a.symbol < b.symbol ? -1 : 1)),
  };
}

export async function findStrategy(db: DbOrTx, id: string): Promise<StrategyRow | undefined> {
  const [row] = await db.select().from(strategies).where(eq(strategies.id, id));
  return row;
}

export async function findStrategyByLeadTrader(
  db: DbOrTx,
  userId: string,
): Promise<StrategyRow | undefined> {
  const [row] = await db.select().from(strategies).where(eq(strategies.leadTraderId, userId));
  return row;
}

/**
 * The strategy's row and state. With `lock`, the row is locked FOR UPDATE for the rest of the
 * transaction: every change of cash, positions or units (orders, subscriptions, redemptions)
 * takes this lock first, so they apply one after another.
 */
export async function loadStrategyState(
  db: DbOrTx,
  id: string,
  options: { lock: boolean },
): Promise<{ row: StrategyRow; state: StrategyState } | undefined> {
  const query = db.select().from(strategies).where(eq(strategies.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const positions = await db
    .select()
    .from(strategyPositions)
    .where(eq(strategyPositions.strategyId, id));
  return { row, state: toState(row, positions.map(toPosition)) };
}

/** Every strategy with its state (the tick values them all; two queries). */
export async function loadAllStates(
  db: DbOrTx,
): Promise<{ row: StrategyRow; state: StrategyState }[]> {
  const rows = await db.select().from(strategies).orderBy(asc(strategies.createdAt));
  const positions = await db.select().from(strategyPositions);
  return rows.map((row) => ({
    row,
    state: toState(row, positions.filter((p) => p.strategyId === row.id).map(toPosition)),
  }));
}

/** Writes a new state (cash, units, positions) and its fills, in the caller's transaction. */
export async function saveStrategyState(
  db: DbOrTx,
  params: {
    id: string;
    state: StrategyState;
    fills: readonly Fill[];
    reason: FillReason;
    createdBy: string | null;
    now: Date;
    extra?: Partial<Pick<StrategyRow, 'seedUnits' | 'lastDecisionAt'>>;
  },
): Promise<void> {
  const { id, state, now } = params;
  await db
    .update(strategies)
    .set({
      cash: state.cash.toFixed(),
      unitsOutstanding: state.unitsOutstanding.toFixed(),
      ...(params.extra ?? {}),
    })
    .where(eq(strategies.id, id));
  await db.delete(strategyPositions).where(eq(strategyPositions.strategyId, id));
  if (state.positions.length > 0) {
    await db.insert(strategyPositions).values(
      state.positions.map((p) => ({
        strategyId: id,
        symbol: p.symbol,
        side: p.side,
        quantity: p.quantity.toFixed(),
        entryPrice: p.entryPrice.toFixed(),
        updatedAt: now,
      })),
    );
  }
  if (params.fills.length > 0) {
    await db.insert(strategyFills).values(
      params.fills.map((f) => ({
        strategyId: id,
        symbol: f.symbol,
        side: f.side,
        quantityDelta: f.quantityDelta.toFixed(),
        price: f.price.toFixed(),
        realisedPnl: f.realisedPnl.toFixed(),
        reason: params.reason,
        createdBy: params.createdBy,
        createdAt: now,
      })),
    );
  }
}

/** The latest NAV of each strategy, and its point for the current minute (one point per minute). */
export async function recordNavs(
  db: DbOrTx,
  navs: readonly { id: string; nav: Dec }[],
  now: Date,
  minuteStart: Date,
): Promise<void> {
  for (const { id, nav } of navs) {
    await db
      .update(strategies)
      .set({ nav: nav.toFixed(), navAt: now })
      .where(eq(strategies.id, id));
  }
  if (navs.length === 0) return;
  await db
    .insert(navSnapshots)
    .values(navs.map(({ id, nav }) => ({ strategyId: id, at: minuteStart, nav: nav.toFixed() })))
    .onConflictDoUpdate({
      target: [navSnapshots.strategyId, navSnapshots.at],
      set: { nav: sql`excluded.nav` },
    });
}

export async function insertNavSeries(
  db: DbOrTx,
  strategyId: string,
  points: readonly { at: number; nav: string }[],
): Promise<void> {
  for (let i = 0; i < points.length; i += 2000) {
    await db
      .insert(navSnapshots)
      .values(
        points.slice(i, i + 2000).map((p) => ({ strategyId, at: new Date(p.at), nav: p.nav })),
      )
      .onConflictDoNothing();
  }
}

/**
 * The NAV series since `from` with at most one point per `bucket` ('hour' or 'day'): the last
 * point of each bucket, oldest first.
 */
export async function navSeries(
  db: DbOrTx,
  strategyId: string,
  fromMs: number,
  bucket: 'hour' | 'day',
): Promise<{ at: Date; nav: string }[]> {
  const unit = sql.raw(bucket === 'day' ? `'day'` : `'hour'`);
  const result = await db.execute<{ at: Date; nav: string }>(sql`
    SELECT at, nav FROM (
      SELECT DISTINCT ON (date_trunc(${unit}, at)) at, nav::text AS nav
      FROM nav_snapshots
      WHERE strategy_id = ${strategyId} AND at >= ${new Date(fromMs).toISOString()}
      ORDER BY date_trunc(${unit}, at), at DESC
    ) s ORDER BY at`);
  return result.rows.map((r) => ({ at: new Date(r.at), nav: r.nav }));
}

/** Open trades per strategy (copiers). */
export async function copierCounts(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ strategyId: trades.strategyId, count: sql<string>`count(*)` })
    .from(trades)
    .where(eq(trades.status, 'open'))
    .groupBy(trades.strategyId);
  return new Map(rows.map((r) => [r.strategyId, Number(r.count)]));
}

export async function recentFills(db: DbOrTx, strategyId: string, limit: number) {
  return db
    .select()
    .from(strategyFills)
    .where(eq(strategyFills.strategyId, strategyId))
    .orderBy(desc(strategyFills.id))
    .limit(limit);
}

export async function leadTraderNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function demoStrategies(db: DbOrTx): Promise<StrategyRow[]> {
  return db
    .select()
    .from(strategies)
    .where(and(sql`${strategies.demoTrader} IS NOT NULL`, isNull(strategies.leadTraderId)));
}

export async function countStrategies(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(strategies);
  return Number(row?.n ?? 0);
}
