import type { InstrumentSymbol } from '../../market/domain';
import { Dec } from '../../market/domain';
import { applyOrder, type TargetWeightOrder } from './orders';
import type { PriceMap, StrategyState } from './strategy';

/** Test-only: a price map from a plain object of decimal strings. */
export function pricesOf(prices: Partial<Record<InstrumentSymbol, string>>): PriceMap {
  return new Map(Object.entries(prices) as [InstrumentSymbol, string][]);
}

/** Test-only: a strategy whose unit holds only `cash` dollars (NAV = cash; 1 for a new one). */
export function cashStrategy(cash: number | string = 1): StrategyState {
  return { cash: new Dec(cash), positions: [] };
}

/** Test-only: a new strategy (one unit of $1 cash) after one order filled at `prices`. */
export function afterFirstOrder(order: TargetWeightOrder, prices: PriceMap): StrategyState {
  return applyOrder(cashStrategy(), order, prices).state;
}
