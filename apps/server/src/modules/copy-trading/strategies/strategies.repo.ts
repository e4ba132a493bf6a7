import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Dec } from '../../market/domain';
import type { DbOrTx } from '../../../db/client';
import { countRows } from '../../../db/count-rows';
import { unseenBy } from '../../../db/unseen-by';
import { preparedPer } from '../../../db/performance';
import type { Fill, StrategyState } from '../domain';
import {
  strategies,
  strategyFills,
  strategyPositions,
  trades,
  type StrategyRow,
} from '../copy-trading.schema';
import {
  positionsJson,
  positionsOf,
  toPosition,
  toState,
  type PositionJson,
} from '../strategy-positions.repo';

/** Why a strategy's positions changed (subscriptions and redemptions no longer change them). */
export type FillReason = 'order' | 'demo';

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

/** How many strategies the user leads, retired ones included (they stay theirs for good). */
/** The strategies a trader runs or ran: their own, retired ones and ones handed away from them. */
export function strategyCountOfTrader(db: DbOrTx, userId: string): Promise<number> {
  const ranByThem = or(
    eq(strategies.leadTraderId, userId),
    sql`${userId}::uuid = ANY(${strategies.formerLeadTraderIds})`,
  );
  return countRows(db, strategies, ranByThem);
}

/**
 * A retired strategy handed to another lead trader (set by setLeadTrader first): it runs again,
 * and the trader it was taken from (if any) is remembered.
 */
export async function handOver(db: DbOrTx, id: string, fromTraderId: string | null): Promise<void> {
  await db
    .update(strategies)
    .set({
      retiredAt: null,
      ...(fromTraderId
        ? {
            formerLeadTraderIds: sql`array_append(${strategies.formerLeadTraderIds}, ${fromTraderId}::uuid)`,
          }
        : {}),
    })
    .where(eq(strategies.id, id));
}

/**
 * How a strategy row is read: `false` unlocked; `true` for a change of its state (orders, NAV:
 * FOR NO KEY UPDATE); `'update'` to retire it (FOR UPDATE); `'key share'` by a copy opening
 * (FOR KEY SHARE: it waits for a retirement in progress and then sees it, and a retirement waits
 * for the copy to commit and then alerts its owner; NAV updates never wait for it).
 */
export type StrategyLock = boolean | 'update' | 'key share';

/**
 * The strategy's row and per-unit state. Unlocked (followers, views): one statement, one snapshot.
 * With `lock` (orders): the row is locked FOR NO KEY UPDATE first, the lock an UPDATE of the row
 * takes anyway, so orders apply one after another (a follower's trade insert checks its foreign
 * key with KEY SHARE, which this does not block), and the positions are read after the lock, so
 * they are the last order's.
 */
export async function loadStrategyState(
  db: DbOrTx,
  id: string,
  options: { lock: StrategyLock },
): Promise<{ row: StrategyRow; state: StrategyState } | undefined> {
  if (options.lock === true || options.lock === 'update') {
    const [row] = await strategyLocked[options.lock === 'update' ? 'update' : 'noKeyUpdate'](
      db,
    ).execute({ id });
    if (!row) return undefined;
    const positions = await positionsOfStrategy(db).execute({ id });
    return {
      row,
      state: toState(
        row,
        positions.map((p) => toPosition({ ...p, quantity: p.quantityPerUnit })),
      ),
    };
  }
  const [found] = await strategyWithPositions[
    options.lock === 'key share' ? 'keyShare' : 'unlocked'
  ](db).execute({ id });
  if (!found) return undefined;
  return { row: found.row, state: toState(found.row, positionsOf(found.positions)) };
}

// loadStrategyState's statements, prepared once per connection (db/prepared.ts): each took
// ~100 us to build, twice per copy opened or closed.
const byId = eq(strategies.id, sql.placeholder('id'));
const strategyLocked = {
  update: preparedPer((db: DbOrTx) =>
    db.select().from(strategies).where(byId).for('update').prepare('strategy_for_update'),
  ),
  noKeyUpdate: preparedPer((db: DbOrTx) =>
    db
      .select()
      .from(strategies)
      .where(byId)
      .for('no key update')
      .prepare('strategy_for_no_key_update'),
  ),
};
const positionsOfStrategy = preparedPer((db: DbOrTx) =>
  db
    .select()
    .from(strategyPositions)
    .where(eq(strategyPositions.strategyId, sql.placeholder('id')))
    .prepare('strategy_positions_of'),
);
const strategyWithPositions = {
  unlocked: preparedPer((db: DbOrTx) =>
    db
      .select({ row: strategies, positions: positionsJson })
      .from(strategies)
      .where(byId)
      .prepare('strategy_with_positions'),
  ),
  keyShare: preparedPer((db: DbOrTx) =>
    db
      .select({ row: strategies, positions: positionsJson })
      .from(strategies)
      .where(byId)
      .for('key share', { of: strategies })
      .prepare('strategy_with_positions_key_share'),
  ),
};

/** Every strategy with its state (the lists show them all; two queries). */
export async function loadAllStates(
  db: DbOrTx,
): Promise<{ row: StrategyRow; state: StrategyState }[]> {
  const rows = await db.select().from(strategies).orderBy(asc(strategies.createdAt));
  const positions = await db.select().from(strategyPositions);
  return rows.map((row) => ({
    row,
    state: toState(
      row,
      positions
        .filter((p) => p.strategyId === row.id)
        .map((p) => toPosition({ ...p, quantity: p.quantityPerUnit })),
    ),
  }));
}

/** A strategy as the tick values it: what one unit holds, and its NAV as last written. */
export interface TickState {
  id: string;
  state: StrategyState;
  nav: Dec;
}

/**
 * The tick's read of strategy states (0060), in one statement with the snapshot it was read at:
 * every strategy (`since` null; oldest first), or only those whose cash or positions a
 * transaction that `since` (an earlier read's snapshot) did not see has changed: an index range
 * over the recent changes.
 */
export async function tickStates(
  db: DbOrTx,
  since: string | null,
): Promise<{ snapshot: string; states: TickState[] }> {
  const changed = unseenBy(sql`strategies.state_xid`, since);
  const result = await db.execute<{
    snapshot: string;
    id: string | null;
    cash: string;
    nav: string;
    positions: PositionJson[] | null;
  }>(sql`
    SELECT pg_current_snapshot()::text AS snapshot, strategies.id,
      strategies.cash_per_unit::text AS cash, strategies.nav::text AS nav,
      ${positionsJson} AS positions
    FROM (VALUES (1)) AS one (n) LEFT JOIN strategies ON ${changed}
    ORDER BY strategies.created_at, strategies.id`);
  const [first] = result.rows;
  if (!first) throw new Error('the tick states read returned no row');
  const states = result.rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            state: toState({ cashPerUnit: row.cash }, positionsOf(row.positions)),
            nav: new Dec(row.nav),
          },
        ],
  );
  return { snapshot: first.snapshot, states };
}

export interface StateWrite {
  id: string;
  state: StrategyState;
  fills: readonly Fill[];
  reason: FillReason;
  createdBy: string | null;
  now: Date;
  extra?: Partial<Pick<StrategyRow, 'seedUnits' | 'lastDecisionAt'>>;
}

/**
 * A new per-unit state (cash, positions) and its fills as four data-modifying statements:
 * positions no longer held are deleted, the others upserted (an unchanged one is left as it is).
 */
function stateWriteParts(params: StateWrite): { name: string; query: SQL }[] {
  const { id, state, fills } = params;
  const now = params.now.toISOString();
  const positions = state.positions;
  const symbols = sql.param(positions.map((p) => p.symbol));
  return [
    {
      name: 'strategy_cash',
      query: sql`UPDATE strategies SET
        cash_per_unit = ${state.cash.toFixed()}::numeric,
        seed_units = coalesce(${params.extra?.seedUnits ?? null}::numeric, seed_units),
        last_decision_at = coalesce(
          ${params.extra?.lastDecisionAt?.toISOString() ?? null}::timestamptz, last_decision_at)
      WHERE id = ${id}::uuid`,
    },
    {
      name: 'strategy_closed',
      query: sql`DELETE FROM strategy_positions
      WHERE strategy_id = ${id}::uuid AND symbol <> ALL(${symbols}::text[])`,
    },
    {
      name: 'strategy_held',
      query: sql`INSERT INTO strategy_positions
        (strategy_id, symbol, side, quantity_per_unit, entry_price, updated_at)
      SELECT ${id}::uuid, u.symbol, u.side, u.quantity, u.entry_price, ${now}::timestamptz
      FROM unnest(${symbols}::text[],
        ${sql.param(positions.map((p) => p.side))}::text[],
        ${sql.param(positions.map((p) => p.quantity.toFixed()))}::numeric[],
        ${sql.param(positions.map((p) => p.entryPrice.toFixed()))}::numeric[])
        AS u(symbol, side, quantity, entry_price)
      ON CONFLICT (strategy_id, symbol) DO UPDATE SET side = EXCLUDED.side,
        quantity_per_unit = EXCLUDED.quantity_per_unit, entry_price = EXCLUDED.entry_price,
        updated_at = EXCLUDED.updated_at
      WHERE (strategy_positions.side, strategy_positions.quantity_per_unit,
             strategy_positions.entry_price)
        IS DISTINCT FROM (EXCLUDED.side, EXCLUDED.quantity_per_unit, EXCLUDED.entry_price)`,
    },
    {
      name: 'strategy_fills_added',
      query: sql`INSERT INTO strategy_fills
        (strategy_id, symbol, side, quantity_delta, price, realised_pnl, reason, created_by,
         created_at)
      SELECT ${id}::uuid, f.symbol, f.side, f.quantity_delta, f.price, f.realised_pnl,
        ${params.reason}, ${params.createdBy}::uuid, ${now}::timestamptz
      FROM unnest(${sql.param(fills.map((f) => f.symbol))}::text[],
        ${sql.param(fills.map((f) => f.side))}::text[],
        ${sql.param(fills.map((f) => f.quantityDelta.toFixed()))}::numeric[],
        ${sql.param(fills.map((f) => f.price.toFixed()))}::numeric[],
        ${sql.param(fills.map((f) => f.realisedPnl.toFixed()))}::numeric[])
        AS f(symbol, side, quantity_delta, price, realised_pnl)`,
    },
  ];
}

/** Fills decided in the past (a demo trader's back-filled history), each at its own time. */
export async function insertPastFills(
  db: DbOrTx,
  strategyId: string,
  fills: readonly { at: number; fill: Fill }[],
  reason: FillReason,
): Promise<void> {
  for (let i = 0; i < fills.length; i += 2000) {
    const batch = fills.slice(i, i + 2000);
    await db.execute(sql`INSERT INTO strategy_fills
        (strategy_id, symbol, side, quantity_delta, price, realised_pnl, reason, created_at)
      SELECT ${strategyId}::uuid, f.symbol, f.side, f.quantity_delta, f.price, f.realised_pnl,
        ${reason}, f.created_at
      FROM unnest(${sql.param(batch.map((f) => f.fill.symbol))}::text[],
        ${sql.param(batch.map((f) => f.fill.side))}::text[],
        ${sql.param(batch.map((f) => f.fill.quantityDelta.toFixed()))}::numeric[],
        ${sql.param(batch.map((f) => f.fill.price.toFixed()))}::numeric[],
        ${sql.param(batch.map((f) => f.fill.realisedPnl.toFixed()))}::numeric[],
        ${sql.param(batch.map((f) => new Date(f.at).toISOString()))}::timestamptz[])
        AS f(symbol, side, quantity_delta, price, realised_pnl, created_at)`);
  }
}

/** Writes a new state and its fills, in the caller's transaction, in one statement. */
export async function saveStrategyState(db: DbOrTx, params: StateWrite): Promise<void> {
  const ctes = stateWriteParts(params).map(
    ({ name, query }) => sql`${sql.identifier(name)} AS (${query})`,
  );
  await db.execute(sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`);
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

/** Serialises the demo seeding of concurrent instances (released at the transaction's end). */
export async function lockDemoSeeding(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727003)`);
}

/** Every strategy's id and built-in demo trader (null for a lead trader's own). */
export async function strategyDemoTraders(db: DbOrTx) {
  return db.select({ id: strategies.id, demoTrader: strategies.demoTrader }).from(strategies);
}

export async function insertStrategy(
  db: DbOrTx,
  values: typeof strategies.$inferInsert,
): Promise<StrategyRow> {
  const [row] = await db.insert(strategies).values(values).returning();
  if (!row) throw new Error('strategy insert returned no row');
  return row;
}

export async function setLeadTrader(db: DbOrTx, id: string, userId: string | null): Promise<void> {
  await db.update(strategies).set({ leadTraderId: userId }).where(eq(strategies.id, id));
}

/**
 * Pauses (a date) or resumes (null) a strategy: undefined when there is no such strategy, else
 * its name and whether this changed it (pausing a paused strategy is no event).
 */
export async function setPausedAt(
  db: DbOrTx,
  id: string,
  at: Date | null,
): Promise<{ name: string; changed: boolean } | undefined> {
  const result = await db.execute<{ name: string; changed: boolean }>(sql`
    WITH old AS (SELECT id, paused_at FROM strategies WHERE id = ${id} FOR UPDATE)
    UPDATE strategies s SET paused_at = ${at} FROM old WHERE s.id = old.id
    RETURNING s.name, (old.paused_at IS NULL) <> (${at}::timestamptz IS NULL) AS changed`);
  return result.rows[0];
}

/** A lead trader's terms (0026), changed by the trader within the operator's bounds. */
export async function updateTerms(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      typeof strategies.$inferInsert,
      'description' | 'allowedInstruments' | 'performanceFeePct' | 'minCopyCents' | 'maxCopiers'
    >
  >,
): Promise<void> {
  await db.update(strategies).set(values).where(eq(strategies.id, id));
}

/** Retires the strategy (once: a retired one keeps its date); false when there is no such one. */
export async function setRetiredAt(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(strategies)
    .set({ retiredAt: sql`coalesce(${strategies.retiredAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(strategies.id, id))
    .returning({ id: strategies.id });
  return rows.length > 0;
}

/**
 * Locks the strategy row against other copies for the length of the transaction (a capped
 * strategy counts its copiers under this lock, so two investors cannot both take the last place).
 */
export async function lockForNewCopy(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727026, hashtext(${id}))`);
}

/**
 * How many open real copies the strategy has: its copiers, as its cap (max copiers) counts them.
 * Practice copies (issue 42) never take a place under the cap nor count anywhere public.
 */
export async function openCopyCount(db: DbOrTx, strategyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(trades)
    .where(
      and(eq(trades.strategyId, strategyId), eq(trades.status, 'open'), eq(trades.book, 'real')),
    );
  return Number(row?.n ?? 0);
}

/**
 * The owners of a strategy's open copies in either book (everyone told when it stops, resumes,
 * changes hands or retires), each once; `practice` when every open copy they hold of it is a
 * practice copy, so their alert carries the practice marker (issue 42).
 */
export async function copiersOf(
  db: DbOrTx,
  strategyId: string,
): Promise<{ userId: string; practice: boolean }[]> {
  const rows = await db
    .select({
      userId: trades.userId,
      practice: sql<boolean>`bool_and(${trades.book} = 'practice')`,
    })
    .from(trades)
    .where(and(eq(trades.strategyId, strategyId), eq(trades.status, 'open')))
    .groupBy(trades.userId);
  return rows.map((row) => ({ userId: row.userId, practice: row.practice }));
}

/**
 * NAV points (one per strategy per minute, at the minute's start), and for the `latest` of them
 * the strategy's NAV and NAV time (`now`), in one statement.
 */
export async function recordNavs(
  db: DbOrTx,
  writes: readonly { id: string; nav: Dec; minute: number; latest: boolean }[],
  now: Date,
): Promise<void> {
  if (writes.length === 0) return;
  await db.execute(sql`
    WITH navs AS (
      SELECT * FROM unnest(${sql.param(writes.map((n) => n.id))}::uuid[],
        ${sql.param(writes.map((n) => n.nav.toFixed()))}::numeric[],
        ${sql.param(writes.map((n) => new Date(n.minute).toISOString()))}::timestamptz[],
        ${sql.param(writes.map((n) => n.latest))}::boolean[]) AS n(id, nav, at, latest)
    ), latest AS (
      UPDATE strategies s SET nav = navs.nav, nav_at = ${now.toISOString()}::timestamptz
      FROM navs WHERE s.id = navs.id AND navs.latest
    )
    INSERT INTO nav_snapshots (strategy_id, at, nav)
    SELECT id, at, nav FROM navs
    ON CONFLICT (strategy_id, at) DO UPDATE SET nav = excluded.nav`);
}

export async function recentFills(db: DbOrTx, strategyId: string, limit: number) {
  return db
    .select()
    .from(strategyFills)
    .where(eq(strategyFills.strategyId, strategyId))
    .orderBy(desc(strategyFills.id))
    .limit(limit);
}
