import { timestamptz, uuidV7Key } from '../../db/columns';
import { customType, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** Typed mirror of migrations/0038_sign_in_providers_and_api_tokens.sql (the SQL is the source). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const apiTokens = pgTable('api_tokens', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  tokenHash: bytea('token_hash').notNull(),
  hint: text('hint').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  lastUsedAt: timestamptz('last_used_at'),
  revokedAt: timestamptz('revoked_at'),
});
export type ApiTokenRow = typeof apiTokens.$inferSelect;
