import { timestamptz, uuidV7Key } from '../../db/columns';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Typed mirror of migrations/0038_sign_in_providers_and_api_tokens.sql and 0045_identity_issuer.sql
 * (the SQL is the source).
 */

export const signInProviders = pgTable('sign_in_providers', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with the secret box (auth/secret-box.ts); never sent to anyone. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
export type SignInProviderRow = typeof signInProviders.$inferSelect;

export const userIdentities = pgTable('user_identities', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  providerId: text('provider_id').notNull(),
  /** The issuer that asserted `subject` (a URL's href); a subject means nothing without it. */
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  lastUsedAt: timestamptz('last_used_at'),
});
export type UserIdentityRow = typeof userIdentities.$inferSelect;
