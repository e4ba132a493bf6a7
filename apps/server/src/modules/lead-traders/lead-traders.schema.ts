import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { TRADER_APPLICATION_STATUSES } from '@app/shared/schemas/lead-traders';
import { timestamptz, uuidV7Key } from '../../db/columns';

/** Typed mirror of migrations/0026_trader_applications.sql (the SQL is the source of truth). */
export const traderApplications = pgTable('trader_applications', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  displayName: text('display_name').notNull(),
  bio: text('bio').notNull(),
  experience: text('experience').notNull(),
  rulesAcceptedAt: timestamptz('rules_accepted_at').notNull(),
  status: text('status', { enum: TRADER_APPLICATION_STATUSES }).notNull().default('pending'),
  decidedBy: uuid('decided_by'),
  decidedAt: timestamptz('decided_at'),
  decisionReason: text('decision_reason'),
  createdAt: timestamptz('created_at').notNull(),
});
export type TraderApplicationRow = typeof traderApplications.$inferSelect;
