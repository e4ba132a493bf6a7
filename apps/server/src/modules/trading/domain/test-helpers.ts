import type { InstrumentSymbol } from '../../market/domain';
import { EMPTY_STRATEGY, type PriceMap, type StrategyState } from './strategy';
import { subscribeToStrategy } from './subscriptions';

/** Test-only: a price map from a plain object of decimal strings. */
export function pricesOf(prices: Partial<Record<InstrumentSymbol, string>>): PriceMap {
  return new Map(Object.entries(prices) as [InstrumentSymbol, string][]);
}

/** Test-only: a strategy holding only cash, funded with `dollars` at NAV 1. */
export function fundedStrategy(dollars: number): StrategyState {
  return subscribeToStrategy(EMPTY_STRATEGY, BigInt(dollars) * 100n, pricesOf({})).state;
}
