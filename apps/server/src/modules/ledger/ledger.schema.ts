import { BOOKS, PAYMENT_CHANNELS, TRANSACTION_KINDS } from '@app/shared/schemas/kinds';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TransactionDescription } from '@app/shared/schemas/transaction-descriptions';

/** Typed mirror of migrations/0002_ledger.sql (the SQL is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const paymentMethods = pgTable('payment_methods', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['crypto', 'bank'] }).notNull(),
  name: text('name').notNull(),
  network: text('network'),
  address: text('address'),
  bankName: text('bank_name'),
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  swiftCode: text('swift_code'),
  referenceInstructions: text('reference_instructions'),
  /** Placeholder details seeded at first start: investors are told not to send real money. */
  isDemo: boolean('is_demo').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  retiredAt: ts('retired_at'),
  /** The operator's withdrawal fee for payouts by this method (migration 0051). */
  withdrawalFeePct: numeric('withdrawal_fee_pct', { precision: 4, scale: 2 })
    .notNull()
    .default('0'),
  withdrawalFeeFixedCents: bigint('withdrawal_fee_fixed_cents', { mode: 'number' })
    .notNull()
    .default(0),
  /** The rail a crypto method pays out on: a configured network key and token symbol (0054). */
  railNetwork: text('rail_network'),
  railToken: text('rail_token'),
});
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export const idempotencyKeys = pgTable('idempotency_keys', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** What a request named by the state acted on (migration 0046). */
  target: text('target'),
  /** Set when the retention sweep dropped the stored answer of a key the ledger references. */
  answerDroppedAt: ts('answer_dropped_at'),
});

export const transactions = pgTable('transactions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  transactionId: text('transaction_id').notNull(),
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
  type: text('type', { enum: ['credit', 'withdraw'] }).notNull(),
  status: text('status', { enum: ['pending', 'success', 'failed'] }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull().default(0n),
  description: text('description').notNull(),
  /** The description as a code and parameters (null on rows booked before it existed). */
  descriptionParts: jsonb('description_parts').$type<TransactionDescription>(),
  crypto: text('crypto'),
  /** Crypto wallet or bank, for deposits and withdrawals (migration 0024). */
  channel: text('channel', { enum: PAYMENT_CHANNELS }),
  paymentReference: text('payment_reference'),
  failureReason: text('failure_reason'),
  methodId: uuid('method_id'),
  payoutDetails: jsonb('payout_details').$type<Record<string, string>>(),
  /** The chain transaction behind it: a payout's proof, a chain deposit's transfer (0054). */
  chainNetwork: text('chain_network'),
  chainTxHash: text('chain_tx_hash'),
  chainExplorerUrl: text('chain_explorer_url'),
  /** The real account's, or the practice account's virtual money (0056, issue 42). */
  book: text('book', { enum: BOOKS }).notNull().default('real'),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type TransactionRow = typeof transactions.$inferSelect;

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  code: text('code').notNull(),
  kind: text('kind').notNull(),
  userId: uuid('user_id'),
  balance: bigint('balance', { mode: 'bigint' }).notNull().default(0n),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Generated from the kind (0056): practice_* accounts are the practice book. */
  book: text('book', { enum: BOOKS }).generatedAlwaysAs(
    sql`CASE WHEN kind LIKE 'practice\_%' THEN 'practice' ELSE 'real' END`,
  ),
});

export const journalEntries = pgTable('journal_entries', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  description: text('description').notNull(),
  transactionId: uuid('transaction_id'),
  idempotencyKeyId: bigint('idempotency_key_id', { mode: 'bigint' }),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const postings = pgTable('postings', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
  accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
});
