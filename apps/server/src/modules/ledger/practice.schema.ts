import { bigint, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

/**
 * Typed mirror of migrations/0056_practice_account.sql (the SQL is the source of truth). Owned by
 * the ledger (the practice book is its): copy-trading asks whether a user started practice, and
 * sits below the practice module that opens and resets it.
 */
export const practiceAccounts = pgTable('practice_accounts', {
  userId: uuid('user_id').primaryKey(),
  openedAt: timestamptz('opened_at').notNull(),
  /** The balance it started (and restarts) at, as the setting gave it then. */
  startingCents: bigint('starting_cents', { mode: 'bigint' }).notNull(),
  resets: integer('resets').notNull().default(0),
  lastResetAt: timestamptz('last_reset_at'),
});
export type PracticeAccountRow = typeof practiceAccounts.$inferSelect;
