import type { AppContext } from '../../../context';
import { strategiesByAum, type StrategyByAum } from './top-strategies.repo';

export type { StrategyByAum } from './top-strategies.repo';

/**
 * The admin overview's strategies: the `limit` with the most real money copying them, most first,
 * with the figures every screen states (strategy_figures, kept by copy trading), read through an
 * index whatever the number of strategies.
 */
export function topStrategiesByAum(ctx: AppContext, limit: number): Promise<StrategyByAum[]> {
  return strategiesByAum(ctx.db, limit);
}
