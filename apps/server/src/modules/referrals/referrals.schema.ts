import { bigint, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

export const referralBonuses = pgTable('referral_bonuses', {
  referredUserId: uuid('referred_user_id').primaryKey(),
  referrerUserId: uuid('referrer_user_id').notNull(),
  transactionId: uuid('transaction_id').notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
