import type { InstrumentSymbol } from '../../../market/domain';
import type { TargetWeightOrder } from '../orders';
import type { StrategyState } from '../strategy';
import type { BarHistory } from './bars';

/**
 * A built-in rule-based lead trader. The scheduler calls `decide` at every bar boundary with the
 * bars that have closed by `now` (at least `lookbackBars` per symbol once history allows) and the
 * strategy's current state; the demo desk (desk.ts) executes the returned orders at feed prices,
 * scaled to the strategy's limits when prices have moved.
 * Deterministic: the same inputs always give the same orders.
 */
export interface DemoTrader {
  readonly id: 'trend-following' | 'mean-reversion' | 'majors-basket' | 'bitcoin-reserve';
  readonly name: string;
  readonly description: string;
  readonly symbols: readonly InstrumentSymbol[];
  readonly barMs: number;
  readonly lookbackBars: number;
  decide(bars: BarHistory, state: StrategyState, now: number): TargetWeightOrder[];
}
