import { bigint, date, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The admin overview's figures as delta rows kept by triggers (migration 0064): a figure is the
 * sum of its rows, folded once a minute into one row per figure (overview_fold).
 */
export const overviewTotals = pgTable('overview_totals', {
  figure: text('figure').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
});

/** Approved deposits and paid withdrawals per UTC day, as delta rows (summed per day and kind). */
export const overviewDailyVolumes = pgTable(
  'overview_daily_volumes',
  {
    day: date('day').notNull(),
    kind: text('kind', { enum: ['deposit', 'withdrawal'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  },
  (t) => [index('overview_daily_volumes_day').on(t.day)],
);
