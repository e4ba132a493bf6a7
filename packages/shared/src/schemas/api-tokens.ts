import { z } from 'zod';
import { rule } from '../rules';
import { atMostCharacters, idParamsSchema, requiredText, wholeNumberFrom } from './common';

/**
 * Personal API tokens: read-only access for a user's own scripts to their account summary, trades,
 * transactions and statements. The token is shown once when made; only its digest is kept.
 */

/** The longest a token may live, and the choices the form offers. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;
/** Tokens a user may hold at once (revoked and expired ones do not count). */
export const API_TOKENS_PER_USER = 10;
/**
 * How recent a sign-in must be to make a token without typing the password (an account opened
 * through a sign-in provider has no password of its own until its owner sets one).
 */
export const API_TOKEN_FRESH_SIGN_IN_MINUTES = 5;
/** Every token starts so, which lets secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'nst_';

export const createApiTokenSchema = z.object({
  name: requiredText(rule('NAME_REQUIRED'), 60),
  expiresInDays: z
    .number({ error: wholeNumberFrom(1, API_TOKEN_MAX_DAYS) })
    .int(wholeNumberFrom(1, API_TOKEN_MAX_DAYS))
    .min(1, wholeNumberFrom(1, API_TOKEN_MAX_DAYS))
    .max(API_TOKEN_MAX_DAYS, wholeNumberFrom(1, API_TOKEN_MAX_DAYS)),
  /**
   * The account's current password. Left out (or empty), the token is made only when this
   * session signed in less than API_TOKEN_FRESH_SIGN_IN_MINUTES ago.
   */
  password: z.string().max(256, atMostCharacters(256)).optional(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart (not enough to use one). */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Whether it still works, as the server's clock has it. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The answer to creating one: the token itself, this once. */
export const createdApiTokenSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });

export const apiTokenParamsSchema = idParamsSchema(rule('API_TOKEN_ID_INVALID'));
