import { z } from 'zod';
import { none } from './shapes';

/** Sign-in, sessions and access. */
export const ACCESS_ERROR_PARAMS = {
  UNAUTHENTICATED: none,
  FORBIDDEN: none,
  INVALID_CREDENTIALS: none,
  /** A wrong two-factor code when turning two-factor sign-in on or off (400). */
  OTP_INVALID: none,
  /** A wrong two-factor code at sign-in (401). */
  SIGN_IN_OTP_INVALID: none,
  TOKEN_INVALID: none,
  EMAIL_TAKEN: none,
  REFERRER_NOT_FOUND: none,
  SESSION_NOT_FOUND: none,
  CURRENT_PASSWORD_INCORRECT: none,
  PASSWORD_INCORRECT: none,
  TWO_FACTOR_ALREADY_ON: none,
  TWO_FACTOR_SETUP_NOT_STARTED: none,
  /** A deactivated staff account asked for the back office. */
  STAFF_ACCOUNT_INACTIVE: none,
  /** An admin without two-factor sign-in tried an admin operation. */
  ADMIN_TWO_FACTOR_REQUIRED: none,
  /**
   * The account signed in with the one-time password printed at first start: only changing the
   * password, reading who is signed in and signing out are allowed until a new one is set.
   */
  PASSWORD_CHANGE_REQUIRED: none,
  /** The new password is the one-time password it must replace. */
  PASSWORD_REUSED: none,
  /**
   * The account's access changed (deactivated, admin or lead-trader rights removed, two-factor
   * turned off) while the request was on its way: nothing was done (modules/auth/standing.ts).
   */
  ACCESS_CHANGED: none,
  METRICS_TOKEN_REQUIRED: none,
  METRICS_LOCAL_ONLY: none,
} as const;

/** Sign-in providers (OpenID Connect) and personal API tokens. */
export const SIGN_IN_PROVIDER_ERROR_PARAMS = {
  /** No configured provider has this id. */
  OIDC_PROVIDER_NOT_FOUND: none,
  /** The provider could not be reached or answered something unusable (its discovery, tokens). */
  OIDC_PROVIDER_UNAVAILABLE: none,
  /** The sign-in came back without the state this browser started it with (or too late). */
  OIDC_STATE_MISMATCH: none,
  /** The provider's ID token does not carry the nonce this sign-in sent. */
  OIDC_NONCE_MISMATCH: none,
  /** The provider refused the sign-in or its answer did not verify. */
  OIDC_SIGN_IN_FAILED: none,
  /** The provider gives no e-mail address for the account. */
  OIDC_EMAIL_MISSING: none,
  /** The provider says the account's e-mail address is not verified. */
  OIDC_EMAIL_NOT_VERIFIED: none,
  /** Linking, the second factor or completing the account with no provider sign-in under way. */
  OIDC_NO_PENDING_SIGN_IN: none,
  /** The linked provider account is not the user's (or no longer exists). */
  IDENTITY_NOT_FOUND: none,
  /** No valid token: unknown, expired or revoked. */
  API_TOKEN_INVALID: none,
  /** A token only reads the owner's account summary, trades, transactions and statements. */
  API_TOKEN_NOT_ALLOWED: none,
  API_TOKEN_NOT_FOUND: none,
  /** The user holds the most active tokens allowed. */
  API_TOKEN_LIMIT_REACHED: z.object({ max: z.number().int() }),
  /** Making a token needs the password, or a sign-in less than a few minutes old. */
  API_TOKEN_REAUTH_REQUIRED: z.object({ minutes: z.number().int() }),
  /** A deactivated account keeps its money and its reads, but makes no new tokens. */
  API_TOKEN_ACCOUNT_INACTIVE: none,
  /** The provider's answer is not one callback (a parameter repeated, missing or too long). */
  OIDC_CALLBACK_INVALID: none,
} as const;
