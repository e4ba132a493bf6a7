import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Typed mirror of the SQL migrations (the migrations are the source of truth; a test checks that
 * every table and column here exists in the migrated database).
 */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  country: text('country').notNull(),
  referralId: text('referral_id').notNull(),
  referrerId: text('referrer_id'),
  passwordHash: text('password_hash').notNull(),
  /** Set for the first-start admin with a generated one-time password; cleared by a new password. */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  emailVerifiedAt: ts('email_verified_at'),
  isActive: boolean('is_active').notNull().default(false),
  isAdmin: boolean('is_admin').notNull().default(false),
  isTrader: boolean('is_trader').notNull().default(false),
  totpSecret: text('totp_secret'),
  totpEnabledAt: ts('totp_enabled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  avatarPath: text('avatar_path'),
  activatedAt: ts('activated_at'),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable('sessions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  tokenHash: bytea('token_hash').notNull(),
  userId: uuid('user_id').notNull(),
  userAgent: text('user_agent'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});
export type SessionRow = typeof sessions.$inferSelect;

export const authTokens = pgTable('auth_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  kind: text('kind', {
    enum: ['recovery', 'verify_email', 'change_email', 'magic_link'],
  }).notNull(),
  tokenHash: bytea('token_hash').notNull(),
  /** change_email only: the address the link sets. */
  newEmail: text('new_email'),
  /** change_email only: the session that asked; it stays signed in when the change applies. */
  sessionId: uuid('session_id'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** Set when a newer event (a reset, a password change) made the token void before use. */
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const recoveryCodes = pgTable('recovery_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  codeHash: bytea('code_hash').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A recovery or sign-in link asked for, not yet written (0043: the mail worker writes it). */
export const linkRequests = pgTable('link_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  kind: text('kind', { enum: ['recovery', 'magic_link'] }).notNull(),
  email: text('email').notNull(),
  requestedAt: ts('requested_at').notNull(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  /** The recipient's copy of a message with secret parts, sealed; cleared once delivered. */
  sealedBody: text('sealed_body'),
  template: text('template').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'captured', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
});
export type MailRow = typeof mailOutbox.$inferSelect;

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  ip: text('ip'),
  details: jsonb('details').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  minCents: bigint('min_cents', { mode: 'bigint' }).notNull(),
  maxCents: bigint('max_cents', { mode: 'bigint' }).notNull(),
  termDays: integer('term_days').notNull(),
  performanceFeePct: numeric('performance_fee_pct', { precision: 5, scale: 2 })
    .notNull()
    .default('0'),
  recommended: boolean('recommended').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  retiredAt: ts('retired_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  strategyId: uuid('strategy_id'),
});

export * from '../modules/ledger/ledger.schema';
export * from '../modules/copy-trading/copy-trading.schema';
export * from '../modules/referrals/referrals.schema';
export * from '../modules/approvals/approvals.schema';
export * from '../modules/lead-traders/lead-traders.schema';
export * from '../modules/verification/verification.schema';
export * from '../modules/appropriateness/appropriateness.schema';
export * from '../modules/sign-in-providers/sign-in-providers.schema';
export * from '../modules/api-tokens/api-tokens.schema';
export * from '../modules/chain/chain.schema';
export * from '../modules/ledger/practice.schema';
export * from '../modules/overview/overview.schema';
