import { z } from 'zod';
import { cents, none } from './shapes';

/** Plans, trades (copies) and strategies. */
export const TRADING_ERROR_PARAMS = {
  PLAN_NOT_FOUND: none,
  PLAN_MAX_BELOW_MIN: none,
  PLAN_RETIRED: none,
  /** The plan has no strategy to copy yet. */
  PLAN_NOT_OPEN: none,
  /** The plan's strategy is paused by the operator. */
  PLAN_STRATEGY_PAUSED: none,
  AMOUNT_BELOW_PLAN_MIN: z.object({ minCents: cents }),
  AMOUNT_ABOVE_PLAN_MAX: z.object({ maxCents: cents }),
  /** The user already holds an open trade in this plan (one per plan). */
  TRADE_ALREADY_OPEN: none,
  /** The user holds as many open trades as allowed (MAX_OPEN_TRADES). */
  TOO_MANY_OPEN_TRADES: z.object({ max: z.number().int() }),
  /** Adding funds would take the copy's cost over the plan's maximum; `room` is what fits. */
  ADD_ABOVE_PLAN_MAX: z.object({ maxCents: cents, roomCents: cents }),
  /** Taking out more than the copy is worth now. */
  REMOVE_MORE_THAN_HELD: z.object({ valueCents: cents }),
  /** What would stay in the copy is below the plan's minimum (taking everything is a close). */
  REMAINDER_BELOW_PLAN_MIN: z.object({ minCents: cents, maxRemoveCents: cents }),
  NO_OPEN_TRADE: none,
  /** No trade of the user's has this id (another user's is not found either). */
  TRADE_NOT_FOUND: none,
  NO_PROFIT_TO_CLAIM: none,
  STOP_LOSS_OUT_OF_RANGE: z.object({ minPct: z.number().int(), maxPct: z.number().int() }),
  /** The trade amount is not a positive whole number of cents. */
  INVALID_AMOUNT: none,
  STRATEGY_NOT_FOUND: none,
  /** A lead-trader operation by someone who is not a lead trader. */
  TRADER_ONLY: none,
  /** A lead trader without a strategy asked for theirs. */
  NO_STRATEGY_YET: none,
  STRATEGY_PAUSED: none,
  /** A strategy was given to a user who already runs another. */
  TRADER_HAS_STRATEGY: none,
  UNKNOWN_INSTRUMENT: z.object({ symbol: z.string() }),
  /** The orders would hold more than 100% of the strategy's equity (gross, as a decimal text). */
  WEIGHT_OVER_100: z.object({ grossWeightPct: z.string() }),
  INVALID_WEIGHT: none,
  FEE_PCT_OUT_OF_RANGE: none,
  STRATEGY_EQUITY_NOT_POSITIVE: none,
  NAV_NOT_POSITIVE: none,
  INSUFFICIENT_UNITS: none,
  PRICE_UNAVAILABLE: none,
  /** A lead trader's order that would leave the strategy as it is (closing what is not held). */
  ORDER_CHANGES_NOTHING: z.object({ symbol: z.string() }),
} as const;

/** The lead-trader programme. */
export const LEAD_TRADER_ERROR_PARAMS = {
  /** The applicant already has an application waiting for review. */
  TRADER_APPLICATION_PENDING: none,
  /** The applicant already is a lead trader. */
  ALREADY_LEAD_TRADER: none,
  /** A strategy for a user who is not an approved lead trader (field userId). */
  NOT_A_LEAD_TRADER: none,
  TRADER_APPLICATION_NOT_FOUND: none,
  TRADER_APPLICATION_ALREADY_DECIDED: none,
  /** A lead-trader operation by a trader whose account is deactivated (or deleted). */
  LEAD_TRADER_NOT_ACTIVE: none,
} as const;

/** A strategy's terms set by its lead trader (fee, limits, instruments) and its retirement. */
export const STRATEGY_TERMS_ERROR_PARAMS = {
  /** Only a result that found the product may not be appropriate has a warning to acknowledge. */
  APPROPRIATENESS_NOTHING_TO_ACKNOWLEDGE: none,
  /** A fee outside the operator's bounds (field performanceFeePct). */
  PERFORMANCE_FEE_OUTSIDE_BOUNDS: z.object({ minPct: z.string(), maxPct: z.string() }),
  /** The trader already runs the allowed number of strategies. */
  STRATEGY_LIMIT_REACHED: z.object({ max: z.number().int() }),
  /** An order for an instrument the strategy's terms do not allow. */
  INSTRUMENT_NOT_ALLOWED: z.object({ symbol: z.string() }),
  /** The strategy is retired: no new copies, no orders. */
  STRATEGY_RETIRED: none,
  /** Below the strategy's minimum copy amount (field amount). */
  AMOUNT_BELOW_STRATEGY_MIN: z.object({ minCents: cents }),
  /** The strategy has as many copiers as its trader accepts. */
  STRATEGY_COPIERS_FULL: z.object({ maxCopiers: z.number().int() }),
  /** A lead trader tried to copy (invest in, or add funds to a copy of) their own strategy. */
  OWN_STRATEGY_COPY: none,
  /** A plan's minimum below its strategy's minimum copy amount (field min). */
  PLAN_MIN_BELOW_STRATEGY_MIN: z.object({ minCents: cents }),
  /** A plan fee for a strategy whose lead trader sets the fee (field performanceFeePct). */
  PLAN_FEE_SET_BY_STRATEGY: z.object({ feePct: z.string() }),
  /** A retired strategy takes only orders that reduce its positions (field targetWeight). */
  ORDER_MUST_REDUCE: z.object({ symbol: z.string() }),
  /** The operator unwinds only a retired strategy. */
  STRATEGY_NOT_RETIRED: none,
  /** A retired strategy is handed to another lead trader, not back to its own (field userId). */
  STRATEGY_HANDOVER_SAME_TRADER: none,
} as const;
