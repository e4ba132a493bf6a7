import { z } from 'zod';
import { currentTradeSchema } from './trades';
import { transactionSchema } from './transactions';

/** The dashboard's figures, all derived from the ledger (integer cents). */
export const accountSummarySchema = z.object({
  availableCents: z.number().int(),
  /** Amounts held for pending withdrawals (still the user's until paid). */
  heldCents: z.number().int(),
  /** What went into open trades (their cost); what they are worth now is `openTradesValueCents`. */
  investedCents: z.number().int(),
  /** available + held + the open trades' value, all read at the same instant. */
  balanceCents: z.number().int(),
  /**
   * The open trades, newest first, each valued (units × NAV) at the same instant as the balances,
   * so that every figure of one answer adds up; the dashboard shows the trades from here.
   */
  openTrades: z.array(currentTradeSchema),
  /** The sum of the open trades' values. */
  openTradesValueCents: z.number().int(),
  totalDepositsCents: z.number().int(),
  /** Paid withdrawals, gross (fee included). */
  totalWithdrawalsCents: z.number().int(),
  totalProfitCents: z.number().int(),
  totalBonusCents: z.number().int(),
  /** (balance + open trade value − net deposits) / net deposits × 100, 2 decimals; null without deposits. */
  percentUp: z.string().nullable(),
  pendingWithdrawalsCount: z.number().int(),
  recentTransactions: z.array(transactionSchema),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
