import { z } from 'zod';
import { MONEY_MESSAGES, amountInCents } from './money';

/** A copy's stop-loss, in whole percent of what was put in (docs/product.md): bounds and default. */
export const STOP_LOSS_PCT = { min: 5, max: 95, default: 40 } as const;

export const TRADE_MESSAGES = {
  amountRequired: 'Amount is required',
  noProfit: 'You have no profit to claim',
  stopLoss: `Stop-loss must be a whole percentage from ${STOP_LOSS_PCT.min} to ${STOP_LOSS_PCT.max}`,
  selectPlan: 'Please choose a plan',
} as const;

const stopLossPct = z
  .number({ error: TRADE_MESSAGES.stopLoss })
  .int(TRADE_MESSAGES.stopLoss)
  .min(STOP_LOSS_PCT.min, TRADE_MESSAGES.stopLoss)
  .max(STOP_LOSS_PCT.max, TRADE_MESSAGES.stopLoss);

/**
 * Invest in a plan. The plan's own min and max ('Amount must be greater than or equal to $1,000')
 * and the balance ('Insufficient balance') are checked by the server.
 */
export const createTradeSchema = z.strictObject({
  planId: z.uuid({ error: TRADE_MESSAGES.selectPlan }),
  amount: amountInCents({
    required: TRADE_MESSAGES.amountRequired,
    invalid: MONEY_MESSAGES.validAmount,
    tooSmall: MONEY_MESSAGES.amountPositive,
    tooLarge: MONEY_MESSAGES.depositMax,
    minCents: 1,
    maxCents: 1_000_000_000,
  }),
  stopLossPct: stopLossPct.optional(),
});
export type CreateTradeInput = z.input<typeof createTradeSchema>;

export const updateTradeSchema = z.strictObject({ stopLossPct });

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
  performanceFeePct: z.string(),
  openedAt: z.string(),
  closesAt: z.string(),
});
export type CurrentTrade = z.infer<typeof currentTradeSchema>;
export const currentTradeResponseSchema = z.object({ trade: currentTradeSchema.nullable() });

export const closedTradeSchema = z.object({
  id: z.string(),
  planTitle: z.string(),
  amountCents: z.number().int(),
  closeReason: z.enum(['claim', 'close', 'stop_loss', 'term_end']),
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
