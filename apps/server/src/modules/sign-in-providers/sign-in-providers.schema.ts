import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Typed mirror of migrations/0038_sign_in_providers_and_api_tokens.sql and 0045_identity_issuer.sql
 * (the SQL is the source).
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const signInProviders = pgTable('sign_in_providers', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with the secret box (auth/secret-box.ts); never sent to anyone. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type SignInProviderRow = typeof signInProviders.$inferSelect;

export const userIdentities = pgTable('user_identities', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  userId: uuid('user_id').notNull(),
  providerId: text('provider_id').notNull(),
  /** The issuer that asserted `subject` (a URL's href); a subject means nothing without it. */
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
});
export type UserIdentityRow = typeof userIdentities.$inferSelect;
