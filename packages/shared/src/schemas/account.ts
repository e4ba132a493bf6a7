import { z } from 'zod';
import { rule } from '../rules';
import { atMostCharacters, centsSchema } from './common';
import { currentTradeSchema } from './trades';
import { transactionSchema } from './transactions';

/** The dashboard's figures, all derived from the ledger (integer cents). */
export const accountSummarySchema = z.object({
  availableCents: centsSchema,
  /** Amounts held for pending withdrawals (still the user's until paid). */
  heldCents: centsSchema,
  /** What went into open trades (their cost); what they are worth now is `openTradesValueCents`. */
  investedCents: centsSchema,
  /** available + held + the open trades' value, all read at the same instant. */
  balanceCents: centsSchema,
  /**
   * The open trades, newest first, each valued (units × NAV) at the same instant as the balances,
   * so that every figure of one answer adds up; the dashboard shows the trades from here.
   */
  openTrades: z.array(currentTradeSchema),
  /** The sum of the open trades' values. */
  openTradesValueCents: centsSchema,
  /** Their values less what went into them (before any performance fee). */
  openTradesProfitCents: centsSchema,
  /**
   * The balance's split between cash (available + held) and each open trade, as % of the balance
   * with 1 decimal; null when the balance is zero.
   */
  allocation: z
    .object({
      cashPct: z.string(),
      trades: z.array(z.object({ tradeId: z.string(), sharePct: z.string() })),
    })
    .nullable(),
  totalDepositsCents: centsSchema,
  /** Paid withdrawals, gross (fee included). */
  totalWithdrawalsCents: centsSchema,
  totalProfitCents: centsSchema,
  totalBonusCents: centsSchema,
  /** (balance + open trade value − net deposits) / net deposits × 100, 2 decimals; null without deposits. */
  percentUp: z.string().nullable(),
  pendingWithdrawalsCount: z.number().int(),
  recentTransactions: z.array(transactionSchema),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/**
 * Closing one's own account: what stands in the way (each with the way out the page links to),
 * and the money figures the explanation names. `blockers` is empty when the account can close.
 */
export const ACCOUNT_CLOSE_BLOCKERS = [
  'staff',
  'trades_open',
  'withdrawal_pending',
  'deposit_pending',
  'money_left',
] as const;
export type AccountCloseBlocker = (typeof ACCOUNT_CLOSE_BLOCKERS)[number];

export const accountClosureSchema = z.object({
  blockers: z.array(z.enum(ACCOUNT_CLOSE_BLOCKERS)),
  availableCents: centsSchema,
  openTradesCount: z.number().int(),
  pendingWithdrawalsCount: z.number().int(),
  pendingDepositsCount: z.number().int(),
  /** How many years the ledger history is kept after an account is closed (docs/data-retention.md). */
  ledgerRetentionYears: z.number().int(),
});
export type AccountClosure = z.infer<typeof accountClosureSchema>;

/** Closing one's own account needs the password. */
export const closeAccountSchema = z.object({
  password: z.string().min(1, rule('PASSWORD_REQUIRED')).max(256, atMostCharacters(256)),
});
export type CloseAccountInput = z.input<typeof closeAccountSchema>;
