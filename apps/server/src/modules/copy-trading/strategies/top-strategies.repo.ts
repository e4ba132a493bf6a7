import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { strategies, strategyFigures } from '../copy-trading.schema';
import { keyOf } from './directory.repo';

/** A strategy as the admin overview lists it: the real money copying it, and by how many. */
export interface StrategyByAum {
  id: string;
  name: string;
  aumCents: number;
  copiers: number;
}

/**
 * The `limit` strategies with the most money copying them (real copies only), most first: the
 * figures kept in `strategy_figures` (the same every screen states), in the directory's order by
 * money (a range of its index, whatever the number of strategies). Ties go by id.
 */
export async function strategiesByAum(db: DbOrTx, limit: number): Promise<StrategyByAum[]> {
  const rows = await db
    .select({
      id: strategies.id,
      name: strategies.name,
      aumCents: strategyFigures.aumCents,
      copiers: strategyFigures.copiers,
    })
    .from(strategyFigures)
    .innerJoin(strategies, eq(strategies.id, strategyFigures.strategyId))
    .orderBy(keyOf({ sort: 'aum', window: '30d' }), asc(strategyFigures.strategyId))
    .limit(limit);
  return rows.map((row) => ({ ...row, aumCents: Number(row.aumCents) }));
}
