/*
 * Copy trading's face: what other modules and the app's wiring use. Inside, three rooms and a pure
 * domain: strategies/ (lead traders' orders, the record, admin), copies/ (followers' trades, their
 * funds, scheduled closes) and domain/; copy-trading.runtime.ts runs the market and the strategies.
 */

// The app's wiring.
export { startCopyTrading, type CopyTrading } from './copy-trading.runtime';
export { adminStrategyRoutes, strategyRoutes } from './strategies/strategies.routes';
export { traderRoutes } from './strategies/trader.routes';
export { tradeRoutes } from './copies/trades.routes';

// Strategies: the lists (plans; the overview's top by AUM) and what a plan takes from its strategy.
export { dailyNavSeries, listStrategies } from './strategies/record.service';
export { topStrategiesByAum, type StrategyByAum } from './strategies/top-strategies';
export { strategyTermsForPlan } from './strategies/terms.service';
// A strategy's headline figures as kept (one indexed read per strategy; issue 43).
export { strategyFiguresOf, type StrategyFigures } from './strategies/strategy-figures';
export {
  provideStrategyPlans,
  type PlanLink,
  type SeededDemoStrategies,
  type StrategyPlans,
} from './strategies/strategy-plans';

// Copies: the practice reset's closes (issue 42).
export { closePracticeCopies } from './copies/trades.service';

// Copies: the account's valuation and export, the statements' trade history.
export {
  closedTradePages,
  openTrades,
  tradeHistory,
  valueOpenTrades,
} from './copies/views.service';
export type { OpenTradeFactsJson } from './copies/trades.repo';
export type { ClosedTradeRecord } from './copies/history.repo';

// Pure rules other modules state figures with.
export { lifeResult, type StrategyMetrics } from './domain';
