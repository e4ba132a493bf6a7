export * from './errors';
export {
  NAV_DECIMALS,
  UNITS_DECIMALS,
  ENTRY_PRICE_DECIMALS,
  INITIAL_NAV,
  QUANTITY_DECIMALS,
  toPercentText,
} from './precision';
export {
  NEW_STRATEGY,
  grossExposure,
  grossWeight,
  unitOfPool,
  positionExposure,
  positionFigures,
  positionValue,
  weightPercent,
  type PositionFigures,
  strategyEquity,
  strategyNav,
  type Position,
  type PositionSide,
  type PooledStrategy,
  type PriceMap,
  type StrategyState,
} from './strategy';
export {
  applyOrder,
  applyOrders,
  applyTraderOrder,
  executionOrder,
  largestTargetWeight,
  orderOnlyReduces,
  type Fill,
  type OrderResult,
  type TargetWeightOrder,
} from './orders';
export { redeemValueCents, unitsForAmount } from './subscriptions';
export {
  DEFAULT_STOP_LOSS_PCT,
  MAX_STOP_LOSS_PCT,
  MIN_STOP_LOSS_PCT,
  claimable,
  isTermOver,
  openTrade,
  roiPct,
  lifeResult,
  shouldStopOut,
  shouldTakeProfit,
  priceCloseReason,
  priceCloseReasonAtValue,
  tradeProfitCents,
  tradeValueCents,
  validateStopLossPct,
  type ClaimCheck,
  type Lot,
  type OpenTradeInput,
  type Trade,
} from './trade';
export {
  addFunds,
  claimProfit,
  removeFunds,
  unitsWorth,
  type FundsAdded,
  type FundsRemoved,
} from './position';
export {
  FundsChangeRefusedError,
  decideFundsChange,
  ownStrategyAddRefusal,
  type FundsChangeAction,
  type FundsChangeFacts,
  type FundsChangeOutcome,
} from './funds-change';
export {
  highestMark,
  lotsFee,
  performanceFee,
  settleTrade,
  type PerformanceFee,
  type PerformanceFeeInput,
  type Settlement,
} from './performance-fee';
export {
  dailyReturns,
  strategyMetrics,
  type NavPoint,
  type Point,
  type StrategyMetrics,
} from './metrics';
export {
  dailyCloses,
  dailyVolatility,
  drawdowns,
  maxDrawdownPct,
  recordFigures,
  riskFigures,
  riskScore,
  type DailyVolatility,
} from './strategy-record';
export {
  foldedCloseBefore,
  foldedMaxDrawdownPct,
  foldedVolatility,
  foldPoints,
  NOTHING_FOLDED,
  trimCloses,
  type RecordRunning,
} from './record-running';
export {
  returnPcts,
  sameReturnsBand,
  windowBoundaries,
  windowReturn,
  windowReturns,
  type WindowReturn,
} from './window-returns';
export * from './demo-traders';
export { feeWithinBounds, newCopyRefusal, type CopyRefusal, type FeeBounds } from './copy-terms';
export {
  CopyOpenRefusedError,
  copyTermsRefusal,
  planRefusal,
  strategyRefusal,
  type OpenPlanFacts,
  type OpenStrategyFacts,
} from './open-copy';
