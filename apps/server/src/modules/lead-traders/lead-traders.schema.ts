import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TRADER_APPLICATION_STATUSES } from '@app/shared/schemas/lead-traders';

/** Typed mirror of migrations/0026_trader_applications.sql (the SQL is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const traderApplications = pgTable('trader_applications', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  userId: uuid('user_id').notNull(),
  displayName: text('display_name').notNull(),
  bio: text('bio').notNull(),
  experience: text('experience').notNull(),
  rulesAcceptedAt: ts('rules_accepted_at').notNull(),
  status: text('status', { enum: TRADER_APPLICATION_STATUSES }).notNull().default('pending'),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull(),
});
export type TraderApplicationRow = typeof traderApplications.$inferSelect;
