import { sql } from 'drizzle-orm';
import { Dec, isInstrumentSymbol } from '../market/domain';
import type { Position, StrategyState } from './domain';
import { type StrategyRow } from './copy-trading.schema';

/*
 * How a strategy's positions are read: one JSON array per strategy (a SQL fragment that the
 * strategies' and the copies' queries embed) and its rows as the domain's positions.
 */

export interface PositionJson {
  symbol: string;
  side: 'long' | 'short';
  quantity: string;
  entryPrice: string;
}

export function toPosition(row: PositionJson): Position {
  if (!isInstrumentSymbol(row.symbol)) throw new Error(`unknown instrument ${row.symbol} in DB`);
  return {
    symbol: row.symbol,
    side: row.side,
    quantity: new Dec(row.quantity),
    entryPrice: new Dec(row.entryPrice),
  };
}

/** What one unit of the strategy holds. */
export function toState(
  row: Pick<StrategyRow, 'cashPerUnit'>,
  positions: readonly Position[],
): StrategyState {
  return {
    cash: new Dec(row.cashPerUnit),
    positions: [...positions].sort((a, b) => (a.symbol < b.symbol ? -1 : 1)),
  };
}

// Qualified by hand: Drizzle writes a bare "id" in a one-table select, which a subquery would
// take for its own table's column.
const STRATEGY_ID = sql.raw('"strategies"."id"');

/** The strategy's positions as one JSON array (numerics as text, so no digit is lost). */
export const positionsJson = sql<PositionJson[] | null>`(
  SELECT json_agg(json_build_object('symbol', p.symbol, 'side', p.side,
    'quantity', p.quantity_per_unit::text, 'entryPrice', p.entry_price::text))
  FROM strategy_positions p WHERE p.strategy_id = ${STRATEGY_ID})`;

export function positionsOf(json: PositionJson[] | null): Position[] {
  return (json ?? []).map(toPosition);
}
