import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADJUSTMENT_BUCKETS } from '@app/shared/schemas/money';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '@app/shared/schemas/approvals';

/** Typed mirror of migrations/0011_four_eyes.sql and 0044 (the SQL is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const moneyApprovals = pgTable('money_approvals', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
  status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
  /** Null for a setting change (no one's money). */
  userId: uuid('user_id'),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  bucket: text('bucket', { enum: ADJUSTMENT_BUCKETS }),
  reason: text('reason'),
  transactionId: uuid('transaction_id'),
  requestedBy: uuid('requested_by').notNull(),
  requestedAt: ts('requested_at').notNull(),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  rejectionReason: text('rejection_reason'),
  settingKey: text('setting_key'),
  settingValue: jsonb('setting_value'),
  settingFrom: jsonb('setting_from'),
});
export type MoneyApprovalRow = typeof moneyApprovals.$inferSelect;
