/**
 * The kinds the ledger and the copy engine book, once for the server, its database checks and the
 * web. A new kind is added here (and to the CHECK of its column in a migration); nothing builds a
 * kind from text.
 */

/** What a user-facing transaction is (transactions.kind). */
export const TRANSACTION_KINDS = [
  'deposit',
  'withdrawal',
  'adjustment_balance',
  'adjustment_profit',
  'adjustment_bonus',
  'trade_open',
  /** Money added to an open copy (issue 16). */
  'trade_add',
  /** Part of an open copy taken out (its payout; the fee is a performance_fee). */
  'trade_remove',
  'trade_close',
  'performance_fee',
  'referral_bonus',
  /**
   * Claim Profit: the gain above an open copy's amount, taken out (its payout; the fee is a
   * performance_fee). The copy stays open with its amount (issue 39).
   */
  'profit_claim',
  /** The practice account opened with its virtual balance (book 'practice' only; issue 42). */
  'practice_start',
  /** The practice account started again at its starting balance (book 'practice' only). */
  'practice_reset',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * The two books of the ledger (issue 42): real money, and the practice account's virtual money.
 * A copy, a transaction and every ledger account belong to one book; no entry spans two.
 */
export const BOOKS = ['real', 'practice'] as const;
export type Book = (typeof BOOKS)[number];

/** The three balances an admin adjustment may touch. */
export const ADJUSTMENT_BUCKETS = ['balance', 'profit', 'bonus'] as const;
export type AdjustmentBucket = (typeof ADJUSTMENT_BUCKETS)[number];

/** The transaction kind of an adjustment to a bucket. */
export const ADJUSTMENT_KIND = {
  balance: 'adjustment_balance',
  profit: 'adjustment_profit',
  bonus: 'adjustment_bonus',
} as const satisfies Record<AdjustmentBucket, TransactionKind>;

/** How money arrives or leaves: to a crypto wallet or a bank account (transactions.channel). */
export const PAYMENT_CHANNELS = ['crypto', 'bank'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Why a copy ended (trades.close_reason). */
export const TRADE_CLOSE_REASONS = [
  'claim',
  'close',
  'stop_loss',
  'take_profit',
  'term_end',
] as const;
export type TradeCloseReason = (typeof TRADE_CLOSE_REASONS)[number];

/**
 * Journal entry kinds (journal_entries.kind). Reports read them: deposits = `deposit`; withdrawals
 * paid = `withdrawal.pay`; profit = the net change of the user's own accounts in PROFIT_ENTRY_KINDS
 * (a trade close moves invested → available, so its net is the realised profit or loss; a
 * performance fee received is a lead trader's income); bonus =
 * the same over BONUS_ENTRY_KINDS.
 */
export const ENTRY_KINDS = {
  deposit: 'deposit',
  withdrawalHold: 'withdrawal.hold',
  withdrawalPay: 'withdrawal.pay',
  withdrawalRelease: 'withdrawal.release',
  adjustmentBalance: 'adjustment.balance',
  adjustmentProfit: 'adjustment.profit',
  adjustmentBonus: 'adjustment.bonus',
  referralBonus: 'bonus.referral',
  tradeOpen: 'trade.open',
  tradeClose: 'trade.close',
  /** A performance fee: from the copier's proceeds to the lead trader and the platform. */
  tradeFee: 'trade.fee',
  // The practice book (issue 42): virtual money, never mixed with the real book in one entry.
  /** Virtual money granted when the practice account opens: practice_grants → practice_available. */
  practiceStart: 'practice.start',
  /** Back to the starting balance: the difference to or from practice_grants. */
  practiceReset: 'practice.reset',
  practiceTradeOpen: 'practice.trade.open',
  practiceTradeClose: 'practice.trade.close',
  /** A practice copy's performance fee: to practice_fees, which pays nobody. */
  practiceTradeFee: 'practice.trade.fee',
} as const;
export type EntryKind = (typeof ENTRY_KINDS)[keyof typeof ENTRY_KINDS];
export const ENTRY_KIND_VALUES = Object.values(ENTRY_KINDS);

/**
 * What counts as profit: realised trade results after fees (a copier's close or claim), profit
 * adjustments, and, for a lead trader, the performance fees credited to them (a fee entry moves
 * nothing of the copier's own accounts, so a copier's profit is unchanged by it).
 */
export const PROFIT_ENTRY_KINDS: readonly EntryKind[] = [
  ENTRY_KINDS.adjustmentProfit,
  ENTRY_KINDS.tradeClose,
  ENTRY_KINDS.tradeFee,
];
/** The practice dashboard's profit: its copies' realised results (the fee is charged in them). */
export const PRACTICE_PROFIT_ENTRY_KINDS: readonly EntryKind[] = [ENTRY_KINDS.practiceTradeClose];
export const BONUS_ENTRY_KINDS: readonly EntryKind[] = [
  ENTRY_KINDS.adjustmentBonus,
  ENTRY_KINDS.referralBonus,
];
