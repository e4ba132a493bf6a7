import { CHAIN_TRANSFER_STATUSES, type ChainTransferStatusName } from '@app/shared/schemas/chain';
import { bigint, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidV7Key } from '../../db/columns';
import type { HoldReason } from './domain/settle-transfer';

/** Typed mirror of migrations/0053_chain_rails.sql (the SQL is the source). */

/** The statuses the API shows (packages/shared), one list for the table's CHECK mirror and the views. */
export type ChainTransferStatus = ChainTransferStatusName;

export const chainAddressCounters = pgTable('chain_address_counters', {
  network: text('network').primaryKey(),
  nextIndex: bigint('next_index', { mode: 'number' }).notNull().default(0),
});

export const chainDepositAddresses = pgTable('chain_deposit_addresses', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  network: text('network').notNull(),
  derivationIndex: integer('derivation_index').notNull(),
  address: text('address').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type ChainDepositAddressRow = typeof chainDepositAddresses.$inferSelect;

export const chainScanCursors = pgTable(
  'chain_scan_cursors',
  {
    network: text('network').notNull(),
    token: text('token').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    scannedAt: timestamptz('scanned_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.token] })],
);
export type ChainScanCursorRow = typeof chainScanCursors.$inferSelect;

export const chainTransfers = pgTable('chain_transfers', {
  id: uuidV7Key(),
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  network: text('network').notNull(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  token: text('token').notNull(),
  symbol: text('symbol').notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  userId: uuid('user_id').notNull(),
  amount: numeric('amount', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  status: text('status', { enum: CHAIN_TRANSFER_STATUSES }).notNull().default('seen'),
  holdReason: text('hold_reason').$type<HoldReason>(),
  centsCredited: bigint('cents_credited', { mode: 'bigint' }),
  remainderBaseUnits: numeric('remainder_base_units', { precision: 78, scale: 0, mode: 'bigint' }),
  ledgerTransactionId: uuid('ledger_transaction_id'),
  seenAt: timestamptz('seen_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
  settledAt: timestamptz('settled_at'),
});
export type ChainTransferRow = typeof chainTransfers.$inferSelect;
