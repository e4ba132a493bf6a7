import { BOOKS, TRADE_CLOSE_REASONS } from '@app/shared/schemas/kinds';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  bigserial,
  date,
  jsonb,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz, uuidV7Key } from '../../db/columns';

/**
 * Typed mirror of migrations/0003_copy_trading.sql (the SQL is the source of truth). Decimal
 * columns are NUMERIC and travel as text; code turns them into `Dec` with `new Dec(text)` and back
 * with `.toFixed()`, never through a JS number.
 */

export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol').notNull(),
    openTime: timestamptz('open_time').notNull(),
    open: numeric('open').notNull(),
    high: numeric('high').notNull(),
    low: numeric('low').notNull(),
    close: numeric('close').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.openTime] })],
);

export const marketPrices = pgTable('market_prices', {
  symbol: text('symbol').primaryKey(),
  price: numeric('price').notNull(),
  open24h: numeric('open_24h').notNull(),
  at: timestamptz('at').notNull(),
});

export const strategies = pgTable('strategies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  demoTrader: text('demo_trader', {
    enum: ['trend-following', 'mean-reversion', 'majors-basket', 'bitcoin-reserve'],
  }),
  leadTraderId: uuid('lead_trader_id'),
  seedCapitalCents: bigint('seed_capital_cents', { mode: 'bigint' }).notNull().default(0n),
  /** Units the operator holds with its seed capital (demo strategies). */
  seedUnits: numeric('seed_units').notNull().default('0'),
  /** What one unit holds in cash (the positions per unit are in strategy_positions). */
  cashPerUnit: numeric('cash_per_unit').notNull().default('1'),
  nav: numeric('nav').notNull().default('1'),
  navAt: timestamptz('nav_at'),
  lastDecisionAt: timestamptz('last_decision_at'),
  pausedAt: timestamptz('paused_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** A lead trader's terms (0026): null instruments = any; null fee = the plan's fee. */
  allowedInstruments: text('allowed_instruments').array(),
  performanceFeePct: numeric('performance_fee_pct', { precision: 5, scale: 2 }),
  minCopyCents: bigint('min_copy_cents', { mode: 'bigint' }).notNull().default(0n),
  maxCopiers: integer('max_copiers'),
  retiredAt: timestamptz('retired_at'),
  /** Lead traders a retired strategy was handed away from (0050): it still counts for them. */
  formerLeadTraderIds: uuid('former_lead_trader_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
});
export type StrategyRow = typeof strategies.$inferSelect;

/**
 * Each strategy's headline figures, kept as the data changes (0061, issue 43), so the directory
 * and the lists read one indexed row per strategy. Percentages are the API's exact decimal text.
 */
export const strategyFigures = pgTable('strategy_figures', {
  strategyId: uuid('strategy_id')
    .primaryKey()
    .references(() => strategies.id, { onDelete: 'cascade' }),
  return7dPct: numeric('return_7d_pct'),
  return30dPct: numeric('return_30d_pct'),
  return90dPct: numeric('return_90d_pct'),
  return1yPct: numeric('return_1y_pct'),
  returnAllPct: numeric('return_all_pct'),
  avgDailyReturnPct: numeric('avg_daily_return_pct'),
  maxDrawdownPct: numeric('max_drawdown_pct'),
  losingDays: integer('losing_days'),
  recordMaxDrawdownPct: numeric('record_max_drawdown_pct'),
  riskScore: integer('risk_score'),
  startedAt: timestamptz('started_at'),
  copiers: integer('copiers').notNull().default(0),
  copiedUnits: numeric('copied_units').notNull().default('0'),
  aumCents: bigint('aum_cents', { mode: 'bigint' }).notNull().default(0n),
  // When the history figures were stated; the epoch: never (0062).
  asOf: timestamptz('as_of')
    .notNull()
    .default(sql`'epoch'`),
  // The NAV points the window returns start from, kept for the hour window_hour (0062).
  windowPoints: jsonb('window_points').$type<{ at: number; nav: string }[]>(),
  windowHour: timestamptz('window_hour'),
});
export type StrategyFiguresRow = typeof strategyFigures.$inferSelect;

/** Per strategy and UTC day, the change of its open real copies and their units (0066). */
export const copyingDays = pgTable(
  'copying_days',
  {
    strategyId: uuid('strategy_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    copiers: integer('copiers').notNull(),
    units: numeric('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.day] })],
);

/** What copiers earned, kept by 0066's triggers: counts and the quartiles' rank markers. */
export const copierOutcomes = pgTable('copier_outcomes', {
  strategyId: uuid('strategy_id').primaryKey(),
  opened: integer('opened').notNull().default(0),
  closed: integer('closed').notNull().default(0),
  profitable: integer('profitable').notNull().default(0),
  markerKeys: numeric('marker_keys').array().notNull(),
  markerIds: uuid('marker_ids').array().notNull(),
});

/**
 * What the strategies.figures job keeps between runs to restate the whole record's figures from
 * the hourly NAVs written since (0069; domain/record-running.ts).
 */
export const strategyFiguresRunning = pgTable('strategy_figures_running', {
  strategyId: uuid('strategy_id')
    .primaryKey()
    .references(() => strategies.id, { onDelete: 'cascade' }),
  through: timestamptz('through').notNull(),
  firstAt: timestamptz('first_at'),
  lastAt: timestamptz('last_at'),
  lastNav: numeric('last_nav'),
  peak: numeric('peak'),
  deepest: numeric('deepest').notNull().default('0'),
  closes: jsonb('closes').$type<{ at: number; nav: string }[]>().notNull().default([]),
  riskDay: timestamptz('risk_day'),
  riskCloseAt: timestamptz('risk_close_at'),
  dailyReturns: integer('daily_returns'),
  volatilityPct: numeric('volatility_pct'),
});

export const strategyPositions = pgTable(
  'strategy_positions',
  {
    strategyId: uuid('strategy_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    quantityPerUnit: numeric('quantity_per_unit').notNull(),
    entryPrice: numeric('entry_price').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.symbol] })],
);

export const strategyFills = pgTable('strategy_fills', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  strategyId: uuid('strategy_id').notNull(),
  symbol: text('symbol').notNull(),
  side: text('side', { enum: ['long', 'short'] }).notNull(),
  quantityDelta: numeric('quantity_delta').notNull(),
  price: numeric('price').notNull(),
  realisedPnl: numeric('realised_pnl').notNull().default('0'),
  reason: text('reason', { enum: ['order', 'demo', 'subscription', 'redemption'] }).notNull(),
  /** Per unit (from migration 0015 on); the earlier pool's fills are of the whole pool. */
  perUnit: boolean('per_unit').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const navSnapshots = pgTable(
  'nav_snapshots',
  {
    strategyId: uuid('strategy_id').notNull(),
    at: timestamptz('at').notNull(),
    nav: numeric('nav').notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.at] })],
);

export const trades = pgTable('trades', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  planId: uuid('plan_id').notNull(),
  strategyId: uuid('strategy_id').notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  units: numeric('units').notNull(),
  entryNav: numeric('entry_nav').notNull(),
  highWaterNav: numeric('high_water_nav').notNull(),
  performanceFeePct: numeric('performance_fee_pct', { precision: 5, scale: 2 }).notNull(),
  stopLossPct: integer('stop_loss_pct').notNull(),
  takeProfitPct: integer('take_profit_pct'),
  status: text('status', { enum: ['open', 'closed'] })
    .notNull()
    .default('open'),
  openedAt: timestamptz('opened_at').notNull(),
  closesAt: timestamptz('closes_at').notNull(),
  closedAt: timestamptz('closed_at'),
  closeReason: text('close_reason', { enum: TRADE_CLOSE_REASONS }),
  exitNav: numeric('exit_nav'),
  valueCents: bigint('value_cents', { mode: 'bigint' }),
  feeCents: bigint('fee_cents', { mode: 'bigint' }),
  payoutCents: bigint('payout_cents', { mode: 'bigint' }),
  openTransactionId: uuid('open_transaction_id'),
  closeTransactionId: uuid('close_transaction_id'),
  /** The units in lots, oldest first (0030); null: one lot, `units` at `highWaterNav`. */
  lots: jsonb('lots').$type<StoredLot[]>(),
  /** A real copy, or a practice copy of virtual money (0056, issue 42). */
  book: text('book', { enum: BOOKS }).notNull().default('real'),
  /**
   * The highest NAV at which the stop-loss fires, and the lowest at which the take-profit fires
   * (null without one): kept by a trigger from amount, units and the percentages (0057), so the
   * scheduled closes find crossed copies by an index range. Never written by the server.
   */
  stopNav: numeric('stop_nav'),
  takeProfitNav: numeric('take_profit_nav'),
});

/** A lot as `trades.lots` stores it: decimals as exact text. */
export interface StoredLot {
  units: string;
  highWaterNav: string;
}

/** Every add and removal of an open copy, as booked (0030); never changed. */
export const tradeChanges = pgTable('trade_changes', {
  id: uuidV7Key(),
  tradeId: uuid('trade_id').notNull(),
  kind: text('kind', { enum: ['add', 'remove', 'claim'] }).notNull(),
  nav: numeric('nav').notNull(),
  units: numeric('units').notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  costCents: bigint('cost_cents', { mode: 'bigint' }).notNull(),
  feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
  payoutCents: bigint('payout_cents', { mode: 'bigint' }).notNull(),
  transactionId: uuid('transaction_id').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});
export type TradeRow = typeof trades.$inferSelect;
export type CloseReason = NonNullable<TradeRow['closeReason']>;
