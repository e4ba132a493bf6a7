import { z } from 'zod';
import { centsSchema } from './common';
import { formatUsd } from '../money';
import { ADJUSTMENT_BUCKETS, TRADE_CLOSE_REASONS } from './kinds';

/**
 * What a transaction was, as a code and its parameters, so each language writes its own sentence.
 * The server stores the English sentence too (searchable, and the fallback for rows booked before
 * codes existed); `englishDescription` is the one place that sentence is made.
 */
/**
 * The built-in bank method's name: what a bank withdrawal is booked "via", and the demo bank
 * method's name. Each language writes it in its own words; an operator's own method names (a
 * crypto asset, a renamed bank method) are shown as the operator typed them.
 */
export const BUILT_IN_BANK_METHOD = 'Bank Transfer';

export const transactionDescriptionSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('deposit'), method: z.string() }),
  z.object({ code: z.literal('withdrawal'), method: z.string() }),
  z.object({ code: z.literal('trade_open'), plan: z.string() }),
  z.object({ code: z.literal('trade_add'), plan: z.string() }),
  z.object({ code: z.literal('trade_remove'), plan: z.string() }),
  z.object({
    code: z.literal('trade_close'),
    reason: z.enum(TRADE_CLOSE_REASONS),
    plan: z.string(),
    /**
     * The copy's amount and what closing it made or lost after any performance fee (the credit
     * − the amount), in cents, so amount + profit is what was credited; absent on closes booked
     * before issue 39.
     */
    amountCents: centsSchema.optional(),
    profitCents: centsSchema.optional(),
  }),
  /** Claim Profit: the profit alone taken out of a copy that stays open. */
  z.object({ code: z.literal('profit_claim'), plan: z.string() }),
  z.object({ code: z.literal('performance_fee'), plan: z.string() }),
  z.object({
    code: z.literal('adjustment'),
    bucket: z.enum(ADJUSTMENT_BUCKETS),
    reason: z.string(),
  }),
  z.object({ code: z.literal('referral_bonus'), name: z.string() }),
  /** The practice account opened, or started again, with its virtual balance (issue 42). */
  z.object({ code: z.literal('practice_start') }),
  z.object({ code: z.literal('practice_reset') }),
]);
export type TransactionDescription = z.infer<typeof transactionDescriptionSchema>;

const CLOSE_REASONS = {
  // Closes booked as claims before issue 39 (a claim now leaves the copy open: `profit_claim`).
  claim: 'Profit claimed',
  close: 'Trade closed',
  stop_loss: 'Trade closed by stop-loss',
  take_profit: 'Trade closed by take-profit',
  term_end: 'Trade closed at the end of its term',
} as const;

const ADJUSTMENT_LABELS = {
  balance: 'Balance adjustment',
  profit: 'Profit adjustment',
  bonus: 'Bonus adjustment',
} as const;

/**
 * The English sentence of a description (what the server stores and searches). A cascade writes a
 * close's in SQL (`trade_close_text`, migration 0083; close-due-copies-rule.test.ts holds the two
 * together): a change to a close's sentence changes it there.
 */
export function englishDescription(description: TransactionDescription): string {
  switch (description.code) {
    case 'deposit':
      return `Deposit via ${description.method}`;
    case 'withdrawal':
      return `Withdrawal via ${description.method}`;
    case 'trade_open':
      return `Invested in ${description.plan} plan`;
    case 'trade_add':
      return `Added funds to ${description.plan} plan`;
    case 'trade_remove':
      return `Took funds out of ${description.plan} plan`;
    case 'trade_close': {
      const closed = `${CLOSE_REASONS[description.reason]} (${description.plan} plan)`;
      const { amountCents, profitCents } = description;
      if (amountCents === undefined || profitCents === undefined) return closed;
      return `${closed}: amount ${formatUsd(amountCents)}, ${profitCents < 0 ? 'loss' : 'profit'} ${formatUsd(Math.abs(profitCents))}`;
    }
    case 'profit_claim':
      return `Profit claimed (${description.plan} plan)`;
    case 'performance_fee':
      return `Performance fee (${description.plan} plan copier)`;
    case 'adjustment':
      return `${ADJUSTMENT_LABELS[description.bucket]}: ${description.reason}`;
    case 'referral_bonus':
      return `Referral bonus: ${description.name} joined`;
    case 'practice_start':
      return 'Practice account opened with virtual money';
    case 'practice_reset':
      return 'Practice account started again';
  }
}
