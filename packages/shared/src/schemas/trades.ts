import { z } from 'zod';
import { MONEY_MESSAGES, amountInCents } from './money';
import { rule } from '../rules';
import { centsSchema, wholeNumberParam } from './common';
import { cursorPage, cursorParam, searchParam } from './pages';
import { TRADE_CLOSE_REASONS } from './kinds';
import { bookSchema } from './practice';
import { STOP_LOSS_PCT, TAKE_PROFIT_PCT } from '../trade-rules';

// The rules themselves live without zod, for screens that only show their figures.
export * from '../trade-rules';

export const TRADE_MESSAGES = {
  amountRequired: rule('AMOUNT_REQUIRED'),
  stopLoss: rule('STOP_LOSS_RANGE', { min: STOP_LOSS_PCT.min, max: STOP_LOSS_PCT.max }),
  takeProfit: rule('TAKE_PROFIT_RANGE', { min: TAKE_PROFIT_PCT.min, max: TAKE_PROFIT_PCT.max }),
  nothingToChange: rule('TRADE_CHANGE_REQUIRED'),
  selectPlan: rule('PLAN_REQUIRED'),
} as const;

const takeProfitPct = z
  .number({ error: TRADE_MESSAGES.takeProfit })
  .int(TRADE_MESSAGES.takeProfit)
  .min(TAKE_PROFIT_PCT.min, TRADE_MESSAGES.takeProfit)
  .max(TAKE_PROFIT_PCT.max, TRADE_MESSAGES.takeProfit);

const stopLossPct = z
  .number({ error: TRADE_MESSAGES.stopLoss })
  .int(TRADE_MESSAGES.stopLoss)
  .min(STOP_LOSS_PCT.min, TRADE_MESSAGES.stopLoss)
  .max(STOP_LOSS_PCT.max, TRADE_MESSAGES.stopLoss);

/**
 * Invest in a plan. The amount is read by `tradeAmountSchema`; the plan's own min and max
 * (`planBoundProblem`) and the balance ('Insufficient balance') are checked when it is booked.
 */
/** What a person typed into a plan's amount field, in cents, with the seed's messages. */
export const tradeAmountSchema = amountInCents({
  required: TRADE_MESSAGES.amountRequired,
  invalid: MONEY_MESSAGES.validAmount,
  tooSmall: MONEY_MESSAGES.amountPositive,
  tooLarge: MONEY_MESSAGES.depositMax,
  minCents: 1,
  maxCents: 1_000_000_000,
});

export const createTradeSchema = z.strictObject({
  planId: z.uuid({ error: TRADE_MESSAGES.selectPlan }),
  amount: tradeAmountSchema,
  stopLossPct: stopLossPct.optional(),
  takeProfitPct: takeProfitPct.nullable().optional(),
  /** The book the copy is paid from: real money unless `practice` (issue 42). */
  book: bookSchema.optional(),
});
export type CreateTradeInput = z.input<typeof createTradeSchema>;

/** A new stop-loss, a new take-profit (null: none), or both. */
export const updateTradeSchema = z
  .strictObject({
    stopLossPct: stopLossPct.optional(),
    takeProfitPct: takeProfitPct.nullable().optional(),
  })
  .refine((input) => input.stopLossPct !== undefined || input.takeProfitPct !== undefined, {
    error: TRADE_MESSAGES.nothingToChange,
  });
export type UpdateTradeInput = z.input<typeof updateTradeSchema>;

/** POST /api/trades/:id/add-funds and /remove-funds: an amount in cents. */
export const tradeFundsSchema = z.strictObject({ amount: tradeAmountSchema });
export type TradeFundsInput = z.input<typeof tradeFundsSchema>;

export const FUNDS_ACTIONS = ['add', 'remove'] as const;
export type FundsAction = (typeof FUNDS_ACTIONS)[number];

/** GET /api/trades/:id/funds-quote: what adding or taking out `amount` would do at the NAV now. */
export const fundsQuoteQuerySchema = z.object({
  action: z.enum(FUNDS_ACTIONS),
  amount: wholeNumberParam(1, 1_000_000_000),
});

/**
 * An add or a removal at one NAV (as quoted, or as booked): units bought or redeemed, their cost,
 * the fee (a removal's, on the redeemed units above their marks), the payout to the balance, and
 * the trade after it.
 */
export const fundsChangeSchema = z.object({
  /** `claim`: Claim Profit, the gain alone redeemed (cost 0), the copy's amount unchanged. */
  action: z.enum([...FUNDS_ACTIONS, 'claim']),
  nav: z.string(),
  /** Added, or the value of the units taken out. */
  amountCents: centsSchema,
  units: z.string(),
  /** The cost that joins (add) or leaves (remove) the trade's amount. */
  costCents: centsSchema,
  feeCents: centsSchema,
  /** To the available balance (remove: amount − fee; add: 0). */
  payoutCents: centsSchema,
  /** Realised by a removal: amount − cost (0 for an add). */
  profitCents: centsSchema,
  after: z.object({
    amountCents: centsSchema,
    units: z.string(),
    valueCents: centsSchema,
  }),
});
export type FundsChange = z.infer<typeof fundsChangeSchema>;

/** The open trade, valued now: valueCents = floor(units × currentNav × 100). */
/**
 * Where a copied strategy stands: running; paused by the operator (no new money for now); or
 * retired (no new money ever; money in it can still leave: remove funds, claim, close).
 */
export const STRATEGY_STATUSES = ['running', 'paused', 'retired'] as const;
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];
/** Who runs a strategy: 'demo' = a built-in rule-based trader; 'trader' = a lead trader. */
export const STRATEGY_RUNNERS = ['demo', 'trader'] as const;
export type StrategyRunBy = (typeof STRATEGY_RUNNERS)[number];

export const currentTradeSchema = z.object({
  id: z.string(),
  /** Real money or the practice account's virtual money (issue 42), fixed when it opened. */
  book: bookSchema,
  planId: z.string(),
  planTitle: z.string(),
  strategyId: z.string(),
  strategyName: z.string(),
  /** The copied strategy's status now. The server always sends it (optional for old fixtures). */
  strategyStatus: z.enum(STRATEGY_STATUSES).optional(),
  /**
   * Who runs the copied strategy, so a demo strategy is labelled on the copier's card. The server
   * always sends it (optional for old fixtures).
   */
  strategyRunBy: z.enum(STRATEGY_RUNNERS).optional(),
  amountCents: centsSchema,
  units: z.string(),
  entryNav: z.string(),
  currentNav: z.string(),
  valueCents: centsSchema,
  profitCents: centsSchema,
  /** profit / amount × 100, 2 decimals. */
  roiPct: z.string(),
  stopLossPct: z.number().int(),
  /** Closes the trade once its gain reaches this % of the amount; null: none. */
  takeProfitPct: z.number().int().nullable(),
  performanceFeePct: z.string(),
  openedAt: z.string(),
  closesAt: z.string(),
});
export type CurrentTrade = z.infer<typeof currentTradeSchema>;
export const currentTradeResponseSchema = z.object({ trade: currentTradeSchema.nullable() });
/** Every open trade of the user's, newest first. */
export const openTradesResponseSchema = z.object({ trades: z.array(currentTradeSchema) });

export const fundsChangeResponseSchema = z.object({
  change: fundsChangeSchema,
  trade: currentTradeSchema,
  /** The user-facing TNX id of the money's movement. */
  transactionId: z.string(),
});
export type FundsChangeResponse = z.infer<typeof fundsChangeResponseSchema>;

export const closedTradeSchema = z.object({
  id: z.string(),
  planTitle: z.string(),
  amountCents: centsSchema,
  closeReason: z.enum(TRADE_CLOSE_REASONS),
  exitNav: z.string(),
  valueCents: centsSchema,
  feeCents: centsSchema,
  /** What was credited to the available balance (value − fee). */
  payoutCents: centsSchema,
  profitCents: centsSchema,
  roiPct: z.string(),
  closedAt: z.string(),
  /** The user-facing TNX id of the credit (null when nothing was left to pay out). */
  transactionId: z.string().nullable(),
});
export type ClosedTrade = z.infer<typeof closedTradeSchema>;
export const closedTradeResponseSchema = z.object({ trade: closedTradeSchema });

/** GET /api/trades/history: closed trades, newest close first, searched by plan or strategy. */
export const tradeHistoryQuerySchema = z.object({
  book: bookSchema.default('real'),
  q: searchParam,
  cursor: cursorParam,
  limit: wholeNumberParam(1, 50).default(20),
});
export type TradeHistoryQuery = z.input<typeof tradeHistoryQuerySchema>;

/**
 * A closed trade as the history lists it, over its whole life: what went in (the first amount and
 * every add), what came out (removals, profit claims and the close, after fees), and why it
 * closed. Each part is the amount of one of the user's transactions.
 */
export const historyTradeSchema = z.object({
  id: z.string(),
  /** Real money or the practice account's virtual money (issue 42). */
  book: bookSchema,
  planTitle: z.string(),
  strategyName: z.string(),
  /** Who ran the copied strategy, so a demo strategy is labelled (optional for old fixtures). */
  strategyRunBy: z.enum(STRATEGY_RUNNERS).optional(),
  openedAt: z.string(),
  closedAt: z.string(),
  closeReason: z.enum(TRADE_CLOSE_REASONS),
  /** All that was paid in: openedCents + addedCents. */
  amountCents: centsSchema,
  /** The first amount invested. */
  openedCents: centsSchema,
  /** Added to the open copy later. */
  addedCents: centsSchema,
  /** All that was credited to the balance (value − fee): removed + claimed + closePayout. */
  payoutCents: centsSchema,
  /** Credited by funds taken out while the copy was open. */
  removedCents: centsSchema,
  /** Credited by profit claims. */
  claimedCents: centsSchema,
  /** Credited by the close itself (its transaction's amount). */
  closePayoutCents: centsSchema,
  /** Performance fees over the copy's life. */
  feeCents: centsSchema,
  /** payout − amount: what the copy made or lost over its life, after fees. */
  profitCents: centsSchema,
  /** profit / amount × 100, 2 decimals. */
  roiPct: z.string(),
  transactionId: z.string().nullable(),
});
export type HistoryTrade = z.infer<typeof historyTradeSchema>;

export const tradeHistoryPageSchema = cursorPage('trades', historyTradeSchema);
export type TradeHistoryPage = z.infer<typeof tradeHistoryPageSchema>;
