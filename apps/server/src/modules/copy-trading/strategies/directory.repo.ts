import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ReturnWindow } from '@app/shared/return-windows';
import type { DirectorySort } from '@app/shared/schemas/strategies';
import type { DbOrTx } from '../../../db/client';
import {
  strategies,
  strategyFigures,
  type StrategyFiguresRow,
  type StrategyRow,
} from '../copy-trading.schema';
import { positionsJson, type PositionJson } from '../strategy-positions.repo';

/**
 * The directory's orders as keyset pages (issue 43). Each order is one key, ascending and never
 * null, then the strategy's id: a figure shown highest first is negated, and a figure not known
 * yet is Infinity, so that strategy comes after every one with the figure. Migration 0063 indexes
 * each key, expression for expression (the planner matches the text below to it), so a page is an
 * index range and a limit, whatever the number of strategies.
 */
export interface DirectoryOrder {
  sort: DirectorySort;
  window: ReturnWindow;
}

const f = strategyFigures;
const RETURN_COLUMNS = {
  '7d': f.return7dPct,
  '30d': f.return30dPct,
  '90d': f.return90dPct,
  '1y': f.return1yPct,
  all: f.returnAllPct,
} as const;

/** What a key is (how the cursor's text of it is checked and cast back). */
export type KeyKind = 'numeric' | 'timestamptz';

export function keyKindOf(sort: DirectorySort): KeyKind {
  return sort === 'age' ? 'timestamptz' : 'numeric';
}

/** The order's key (0063 indexes each, expression for expression). */
export function keyOf({ sort, window }: DirectoryOrder): SQL {
  switch (sort) {
    case 'return':
      return sql`(-COALESCE(${RETURN_COLUMNS[window]}, '-Infinity'::numeric))`;
    case 'drawdown':
      return sql`(COALESCE(${f.recordMaxDrawdownPct}, 'Infinity'::numeric))`;
    case 'risk':
      return sql`(COALESCE(${f.riskScore}::numeric, 'Infinity'::numeric))`;
    case 'copiers':
      return sql`(-(${f.copiers}::numeric))`;
    case 'aum':
      return sql`(-(${f.aumCents}::numeric))`;
    case 'age':
      return sql`(COALESCE(${f.startedAt}, 'infinity'::timestamptz))`;
  }
}

/**
 * The key as the cursor carries it: a numeric's own text (exact), a time in UTC to the
 * microsecond (a JS Date would round to milliseconds and repeat or skip rows).
 */
function keyText(order: DirectoryOrder, key: SQL): SQL<string> {
  return keyKindOf(order.sort) === 'numeric'
    ? sql<string>`${key}::text`
    : sql<string>`CASE WHEN isfinite(${key})
        THEN to_char(${key} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
        ELSE 'infinity' END`;
}

/** A directory row: the strategy, what one unit holds, its figures and its key in the order. */
export interface DirectoryRow {
  row: StrategyRow;
  positions: PositionJson[] | null;
  figures: StrategyFiguresRow;
  key: string;
}

/** Where a page of the directory starts and what it holds (directoryPage). */
export interface DirectoryPageParams {
  order: DirectoryOrder;
  paused: boolean;
  after: { key: string; id: string } | undefined;
  limit: number;
}

/**
 * One page of the directory in `order`: at most `limit` rows after `after` (the previous page's
 * last key and id). Retired strategies are listed as they always were (their record stays
 * public); paused ones only when `paused`.
 */
export function directoryPage(db: DbOrTx, params: DirectoryPageParams): Promise<DirectoryRow[]> {
  return directoryPageQuery(db, params);
}

/** directoryPage's statement, unexecuted (its test reads the plan). */
export function directoryPageQuery(db: DbOrTx, params: DirectoryPageParams) {
  const key = keyOf(params.order);
  const cast = sql.raw(keyKindOf(params.order.sort));
  const { after } = params;
  return db
    .select({
      row: strategies,
      positions: positionsJson,
      figures: f,
      key: keyText(params.order, key),
    })
    .from(f)
    .innerJoin(strategies, eq(strategies.id, f.strategyId))
    .where(
      and(
        params.paused ? undefined : isNull(strategies.pausedAt),
        after
          ? sql`(${key}, ${f.strategyId}) > (${after.key}::${cast}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(key, f.strategyId)
    .limit(params.limit);
}
