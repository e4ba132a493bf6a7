import { z } from 'zod';
import { transactionSchema } from './transactions';

/** The dashboard's figures, all derived from the ledger (integer cents). */
export const accountSummarySchema = z.object({
  availableCents: z.number().int(),
  /** Amounts held for pending withdrawals (still the user's until paid). */
  heldCents: z.number().int(),
  /** Principal in open trades (its market value comes with the trades issue). */
  investedCents: z.number().int(),
  /** available + held + open trade value. */
  balanceCents: z.number().int(),
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
