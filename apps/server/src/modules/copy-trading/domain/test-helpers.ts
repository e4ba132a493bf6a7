import type { InstrumentSymbol } from '../../market/domain';
import { Dec } from '../../market/domain';
import type { PriceMap, StrategyState } from './strategy';

/** Test-only: a price map from a plain object of decimal strings. */
export function pricesOf(prices: Partial<Record<InstrumentSymbol, string>>): PriceMap {
  return new Map(Object.entries(prices) as [InstrumentSymbol, string][]);
}

/** Test-only: a strategy whose unit holds only `cash` dollars (NAV = cash; 1 for a new one). */
export function cashStrategy(cash: number | string = 1): StrategyState {
  return { cash: new Dec(cash), positions: [] };
}
