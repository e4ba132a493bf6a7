import { z } from 'zod';
import { MONEY_MESSAGES, amountInCents } from './money';
import { rule } from '../rules';
import { atMostCharacters, wholeNumberParam } from './common';
import { TRADE_CLOSE_REASONS } from './kinds';

/** A copy's stop-loss, in whole percent of what was put in (docs/product.md): bounds and default. */
export const STOP_LOSS_PCT = { min: 5, max: 95, default: 40 } as const;

/** A copy's optional take-profit, in whole percent of gain on what was put in: bounds. */
export const TAKE_PROFIT_PCT = { min: 1, max: 1000 } as const;

export const TRADE_MESSAGES = {
  amountRequired: rule('AMOUNT_REQUIRED'),
  stopLoss: rule('STOP_LOSS_RANGE', { min: STOP_LOSS_PCT.min, max: STOP_LOSS_PCT.max }),
  takeProfit: rule('TAKE_PROFIT_RANGE', { min: TAKE_PROFIT_PCT.min, max: TAKE_PROFIT_PCT.max }),
  nothingToChange: rule('TRADE_CHANGE_REQUIRED'),
  selectPlan: rule('PLAN_REQUIRED'),
} as const;

/**
 * The copy stop-loss rule (docs/product.md), in whole cents: a trade is stopped out once its loss
 * is at least `pct` % of what was put in — loss × 100 ≥ amount × pct, exactly. The server's domain
 * and its SQL pre-filter apply it (a property test holds them together); the web shows the value
 * it fires at.
 */
export function isStopLossCrossed(amountCents: bigint, valueCents: bigint, pct: number): boolean {
  return (amountCents - valueCents) * 100n >= amountCents * BigInt(pct);
}

/** The highest value at which the stop-loss fires: floor(amount × (100 − pct) / 100) cents. */
export function stopLossValueCents(amountCents: number, pct: number): number {
  return Number((BigInt(amountCents) * BigInt(100 - pct)) / 100n);
}

/**
 * The take-profit rule, its mirror: a trade closes once its gain is at least `pct` % of what was
 * put in — (value − amount) × 100 ≥ amount × pct, exactly. A stop-loss and a take-profit can never
 * both hold for one trade at one value (one is a loss, the other a gain).
 */
export function isTakeProfitCrossed(amountCents: bigint, valueCents: bigint, pct: number): boolean {
  return (valueCents - amountCents) * 100n >= amountCents * BigInt(pct);
}

/** The lowest value at which the take-profit fires: ceil(amount × (100 + pct) / 100) cents. */
export function takeProfitValueCents(amountCents: number, pct: number): number {
  const scaled = BigInt(amountCents) * BigInt(100 + pct);
  return Number((scaled + 99n) / 100n);
}

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

/** A plan's bounds on what one trade may put in, in cents. */
export interface PlanBounds {
  minCents: number;
  maxCents: number;
}

/**
 * The plan's rule on an amount (seed §5): at least its minimum, at most its maximum. The server
 * refuses with this code when booking the trade; the invest form says the same before asking.
 */
export function planBoundProblem(
  cents: number,
  plan: PlanBounds,
):
  | { code: 'AMOUNT_BELOW_PLAN_MIN'; params: { minCents: number } }
  | { code: 'AMOUNT_ABOVE_PLAN_MAX'; params: { maxCents: number } }
  | null {
  if (cents < plan.minCents) {
    return { code: 'AMOUNT_BELOW_PLAN_MIN', params: { minCents: plan.minCents } };
  }
  if (cents > plan.maxCents) {
    return { code: 'AMOUNT_ABOVE_PLAN_MAX', params: { maxCents: plan.maxCents } };
  }
  return null;
}

/**
 * Add funds to an open copy: the plan's maximum applies to the copy's total, its cost (what is in
 * it) plus the amount added. The server refuses with this code; the dialog says it before asking.
 */
export function addFundsProblem(
  addCents: number,
  copy: { amountCents: number; maxCents: number },
): { code: 'ADD_ABOVE_PLAN_MAX'; params: { maxCents: number; roomCents: number } } | null {
  if (copy.amountCents + addCents <= copy.maxCents) return null;
  const roomCents = Math.max(0, copy.maxCents - copy.amountCents);
  return { code: 'ADD_ABOVE_PLAN_MAX', params: { maxCents: copy.maxCents, roomCents } };
}

/**
 * Take part of an open copy out: at most what it is worth now, and what stays must be at least the
 * plan's minimum (taking everything out is Close Trade). Checked at the NAV of the moment.
 */
export function removeFundsProblem(
  removeCents: number,
  copy: { valueCents: number; minCents: number },
):
  | { code: 'REMOVE_MORE_THAN_HELD'; params: { valueCents: number } }
  | { code: 'REMAINDER_BELOW_PLAN_MIN'; params: { minCents: number; maxRemoveCents: number } }
  | null {
  if (removeCents > copy.valueCents) {
    return { code: 'REMOVE_MORE_THAN_HELD', params: { valueCents: copy.valueCents } };
  }
  if (copy.valueCents - removeCents < copy.minCents) {
    const maxRemoveCents = Math.max(0, copy.valueCents - copy.minCents);
    return {
      code: 'REMAINDER_BELOW_PLAN_MIN',
      params: { minCents: copy.minCents, maxRemoveCents },
    };
  }
  return null;
}

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
  action: z.enum(FUNDS_ACTIONS),
  nav: z.string(),
  /** Added, or the value of the units taken out. */
  amountCents: z.number().int(),
  units: z.string(),
  /** The cost that joins (add) or leaves (remove) the trade's amount. */
  costCents: z.number().int(),
  feeCents: z.number().int(),
  /** To the available balance (remove: amount − fee; add: 0). */
  payoutCents: z.number().int(),
  /** Realised by a removal: amount − cost (0 for an add). */
  profitCents: z.number().int(),
  after: z.object({
    amountCents: z.number().int(),
    units: z.string(),
    valueCents: z.number().int(),
  }),
});
export type FundsChange = z.infer<typeof fundsChangeSchema>;

/** The open trade, valued now: valueCents = floor(units × currentNav × 100). */
export const currentTradeSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planTitle: z.string(),
  strategyId: z.string(),
  strategyName: z.string(),
  amountCents: z.number().int(),
  units: z.string(),
  entryNav: z.string(),
  currentNav: z.string(),
  valueCents: z.number().int(),
  profitCents: z.number().int(),
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
  amountCents: z.number().int(),
  closeReason: z.enum(TRADE_CLOSE_REASONS),
  exitNav: z.string(),
  valueCents: z.number().int(),
  feeCents: z.number().int(),
  /** What was credited to the available balance (value − fee). */
  payoutCents: z.number().int(),
  profitCents: z.number().int(),
  roiPct: z.string(),
  closedAt: z.string(),
  /** The user-facing TNX id of the credit (null when nothing was left to pay out). */
  transactionId: z.string().nullable(),
});
export type ClosedTrade = z.infer<typeof closedTradeSchema>;
export const closedTradeResponseSchema = z.object({ trade: closedTradeSchema });

/** GET /api/trades/history: closed trades, newest close first, searched by plan or strategy. */
export const tradeHistoryQuerySchema = z.object({
  q: z.string().trim().max(100, atMostCharacters(100)).optional(),
  /** Opaque, from the previous page's `nextCursor`. */
  cursor: z.string().max(200, atMostCharacters(200)).optional(),
  limit: wholeNumberParam(1, 50).default(20),
});
export type TradeHistoryQuery = z.input<typeof tradeHistoryQuerySchema>;

/** A closed trade as the history lists it: what went in, what came out, and why it closed. */
export const historyTradeSchema = z.object({
  id: z.string(),
  planTitle: z.string(),
  strategyName: z.string(),
  openedAt: z.string(),
  closedAt: z.string(),
  closeReason: z.enum(TRADE_CLOSE_REASONS),
  amountCents: z.number().int(),
  /** Credited to the balance: value − fee. */
  payoutCents: z.number().int(),
  feeCents: z.number().int(),
  /** payout − amount: what the copy made or lost after the fee. */
  profitCents: z.number().int(),
  /** profit / amount × 100, 2 decimals. */
  roiPct: z.string(),
  transactionId: z.string().nullable(),
});
export type HistoryTrade = z.infer<typeof historyTradeSchema>;

export const tradeHistoryPageSchema = z.object({
  trades: z.array(historyTradeSchema),
  nextCursor: z.string().nullable(),
});
export type TradeHistoryPage = z.infer<typeof tradeHistoryPageSchema>;
