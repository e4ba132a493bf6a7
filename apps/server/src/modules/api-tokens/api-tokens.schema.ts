import { customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Typed mirror of migrations/0038_sign_in_providers_and_api_tokens.sql (the SQL is the source). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const apiTokens = pgTable('api_tokens', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  tokenHash: bytea('token_hash').notNull(),
  hint: text('hint').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});
export type ApiTokenRow = typeof apiTokens.$inferSelect;
