import { z } from 'zod';
import { INTERNAL_ERROR_ENGLISH } from './http';
import { formatUsd } from './money';
import { RULE_CODES, type RuleCode } from './rules';
import { fillTemplate } from './template';

/**
 * Every refusal the API answers with: a literal code and its typed parameters. The server throws
 * `refusal(code, params)`; the HTTP status comes from ERROR_STATUS, the English message from
 * ERROR_ENGLISH (the seed's sentences, word for word) and the web renders the same code and
 * parameters through i18n in every language. A new code is added here, in all three tables (the
 * types refuse a table without it) and in every web locale (a test refuses a missing one).
 */

const none = z.object({});
const cents = z.number().int();

export const ERROR_PARAMS = {
  // — the request itself —
  /**
   * A schema rule or the HTTP layer refused the input: `rule` names it (rules.ts) and the other
   * parameters fill its text; the message is the rule's English text. Fastify's own refusals of a
   * malformed request (bad JSON, an empty body) name no rule and keep Fastify's message.
   */
  VALIDATION_FAILED: z
    .object({ rule: z.enum(RULE_CODES as [RuleCode, ...RuleCode[]]).optional() })
    .catchall(z.union([z.string(), z.number()])),
  /** A path parameter over the router's length limit. */
  ADDRESS_TOO_LONG: none,
  /** No route answers this method and path. */
  NOT_FOUND: z.object({ method: z.string(), path: z.string() }),
  METHOD_NOT_ALLOWED: z.object({ method: z.string() }),
  PAYLOAD_TOO_LARGE: none,
  /** Headers over the server's size limit (431), refused by the HTTP parser. */
  REQUEST_HEADERS_TOO_LARGE: none,
  REQUEST_TIMEOUT: none,
  /** A body in a content type the route does not declare (null: a body with no content type). */
  UNSUPPORTED_MEDIA_TYPE: z.object({ contentType: z.string().nullable() }),
  CSRF_REJECTED: none,
  RATE_LIMITED: none,
  /** The text contains U+0000, which PostgreSQL text cannot hold. */
  TEXT_CONTAINS_NUL: none,
  /** The text holds half of a UTF-16 surrogate pair, which no JSON column can store. */
  TEXT_NOT_UNICODE: none,
  INVALID_CURSOR: none,
  IDEMPOTENCY_KEY_INVALID: none,
  /** The same Idempotency-Key was sent with a different request. */
  IDEMPOTENCY_CONFLICT: none,
  /** The first request with this Idempotency-Key has not finished yet. */
  REQUEST_IN_PROGRESS: none,
  /** The Idempotency-Key is past its retention: its answer is no longer kept (docs/data-retention.md). */
  IDEMPOTENCY_KEY_EXPIRED: none,
  INTERNAL: none,

  // — sign-in, sessions and access —
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

  // — sign-in providers (OpenID Connect) and personal API tokens —
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

  // — users and profiles —
  USER_NOT_FOUND: none,
  NO_CHANGES: none,
  CANNOT_DEACTIVATE_SELF: none,
  CANNOT_REMOVE_OWN_ADMIN: none,
  CANNOT_DELETE_SELF: none,
  LAST_ADMIN: none,
  AVATAR_REQUIRED: none,
  AVATAR_TOO_LARGE: none,
  AVATAR_NOT_FOUND: none,
  AVATAR_UPLOADS_BUSY: none,
  /** A change of e-mail address to the address the account already has (field newEmail). */
  EMAIL_UNCHANGED: none,
  /** Closing one's own account while a trade is open (close the trades first). */
  ACCOUNT_CLOSE_TRADES_OPEN: none,
  /** Closing one's own account while a withdrawal waits to be paid. */
  ACCOUNT_CLOSE_WITHDRAWAL_PENDING: none,
  /** Closing one's own account while a deposit waits for review. */
  ACCOUNT_CLOSE_DEPOSIT_PENDING: none,
  /** Closing one's own account with money still in it (withdraw it first). */
  ACCOUNT_CLOSE_MONEY_LEFT: z.object({ availableCents: cents }),
  /** Admins and lead traders close their accounts through support (a strategy or the back office depends on them). */
  ACCOUNT_CLOSE_STAFF: none,
  /** An avatar whose name or content is not PNG or JPEG. */
  AVATAR_FORMAT_UNSUPPORTED: none,
  /** An avatar over the pixel ceiling (a decompression bomb never decodes). */
  AVATAR_DIMENSIONS_TOO_LARGE: z.object({ maxMegapixels: z.number() }),
  /** A PNG or JPEG whose pixels do not decode (damaged, cut short). */
  AVATAR_UNREADABLE: none,

  // — money —
  /** A new account, not yet activated, tried to move money in. */
  ACCOUNT_NOT_ACTIVE: none,
  /** A deactivated account tried to deposit or open a trade. */
  ACCOUNT_DEACTIVATED: none,
  INSUFFICIENT_BALANCE: z.object({ availableCents: cents }),
  /** The amount does not cover the method's withdrawal fee (field amount). */
  WITHDRAWAL_BELOW_FEE: z.object({ feeCents: cents }),
  PAYMENT_METHOD_REQUIRED: none,
  PAYMENT_METHOD_NOT_FOUND: none,
  /** An update named a field the method's kind does not have (a bank name on a crypto method). */
  PAYMENT_METHOD_FIELD_NOT_APPLICABLE: z.object({
    kind: z.enum(['crypto', 'bank']),
    field: z.string(),
  }),
  /** Only the balance bucket of an account can be adjusted downwards. */
  NEGATIVE_ADJUSTMENT_NOT_BALANCE: none,
  TRANSACTION_NOT_FOUND: none,
  NOTIFICATION_NOT_FOUND: none,
  /** The deposit, withdrawal or four-eyes approval an admin decides on does not exist. */
  DEPOSIT_NOT_FOUND: none,
  WITHDRAWAL_NOT_FOUND: none,
  APPROVAL_NOT_FOUND: none,
  /** It was decided before, with this outcome. */
  DEPOSIT_ALREADY_DECIDED: z.object({ outcome: z.enum(['approved', 'rejected']) }),
  WITHDRAWAL_ALREADY_DECIDED: z.object({ outcome: z.enum(['paid', 'rejected']) }),
  APPROVAL_ALREADY_DECIDED: z.object({ outcome: z.enum(['approved', 'rejected']) }),
  /** An admin tried to decide on their own money (own deposit, withdrawal, adjustment...). */
  SELF_DECISION_FORBIDDEN: none,
  /** The admin who asked for a four-eyes approval tried to give it too. */
  SECOND_ADMIN_REQUIRED: none,
  /** A withdrawal is waiting for a second admin's approval of its payout. */
  APPROVAL_PENDING: none,
  /** A money decision (payout, deposit approval, adjustment) for a deleted (anonymised) account. */
  ACCOUNT_DELETED: none,

  // — plans, trades and strategies —
  PLAN_NOT_FOUND: none,
  PLAN_MAX_BELOW_MIN: none,
  PLAN_RETIRED: none,
  /** The plan has no strategy to copy yet. */
  PLAN_NOT_OPEN: none,
  /** The plan's strategy is paused by the operator. */
  PLAN_STRATEGY_PAUSED: none,
  AMOUNT_BELOW_PLAN_MIN: z.object({ minCents: cents }),
  AMOUNT_ABOVE_PLAN_MAX: z.object({ maxCents: cents }),
  /** The user already holds an open trade in this plan (one per plan). */
  TRADE_ALREADY_OPEN: none,
  /** The user holds as many open trades as allowed (MAX_OPEN_TRADES). */
  TOO_MANY_OPEN_TRADES: z.object({ max: z.number().int() }),
  /** Adding funds would take the copy's cost over the plan's maximum; `room` is what fits. */
  ADD_ABOVE_PLAN_MAX: z.object({ maxCents: cents, roomCents: cents }),
  /** Taking out more than the copy is worth now. */
  REMOVE_MORE_THAN_HELD: z.object({ valueCents: cents }),
  /** What would stay in the copy is below the plan's minimum (taking everything is a close). */
  REMAINDER_BELOW_PLAN_MIN: z.object({ minCents: cents, maxRemoveCents: cents }),
  NO_OPEN_TRADE: none,
  /** No trade of the user's has this id (another user's is not found either). */
  TRADE_NOT_FOUND: none,
  NO_PROFIT_TO_CLAIM: none,
  STOP_LOSS_OUT_OF_RANGE: z.object({ minPct: z.number().int(), maxPct: z.number().int() }),
  /** The trade amount is not a positive whole number of cents. */
  INVALID_AMOUNT: none,
  STRATEGY_NOT_FOUND: none,
  /** A lead-trader operation by someone who is not a lead trader. */
  TRADER_ONLY: none,
  /** A lead trader without a strategy asked for theirs. */
  NO_STRATEGY_YET: none,
  STRATEGY_PAUSED: none,
  /** A strategy was given to a user who already runs another. */
  TRADER_HAS_STRATEGY: none,
  UNKNOWN_INSTRUMENT: z.object({ symbol: z.string() }),
  /** The orders would hold more than 100% of the strategy's equity (gross, as a decimal text). */
  WEIGHT_OVER_100: z.object({ grossWeightPct: z.string() }),
  INVALID_WEIGHT: none,
  FEE_PCT_OUT_OF_RANGE: none,
  STRATEGY_EQUITY_NOT_POSITIVE: none,
  NAV_NOT_POSITIVE: none,
  INSUFFICIENT_UNITS: none,
  PRICE_UNAVAILABLE: none,
  /** A lead trader's order that would leave the strategy as it is (closing what is not held). */
  ORDER_CHANGES_NOTHING: z.object({ symbol: z.string() }),

  // — the lead-trader programme —
  /** The applicant already has an application waiting for review. */
  TRADER_APPLICATION_PENDING: none,
  /** The applicant already is a lead trader. */
  ALREADY_LEAD_TRADER: none,
  /** A strategy for a user who is not an approved lead trader (field userId). */
  NOT_A_LEAD_TRADER: none,
  TRADER_APPLICATION_NOT_FOUND: none,
  TRADER_APPLICATION_ALREADY_DECIDED: none,
  /** A lead-trader operation by a trader whose account is deactivated (or deleted). */
  LEAD_TRADER_NOT_ACTIVE: none,
  // — account review with evidence (issue 21) —
  /** The file is not a JPEG, PNG or PDF by its content, or its name says another type. */
  VERIFICATION_FILE_TYPE: none,
  VERIFICATION_FILE_TOO_LARGE: z.object({ maxMegabytes: z.number() }),
  VERIFICATION_FILE_REQUIRED: none,
  /** The multipart field is not one of the documents a submission holds. */
  VERIFICATION_DOCUMENT_KIND: none,
  /** Submitting without a document the identity document type needs (the field names it). */
  VERIFICATION_DOCUMENT_MISSING: none,
  /** Submitted (waiting for review) or approved: nothing to change. */
  VERIFICATION_LOCKED: none,
  VERIFICATION_NOT_FOUND: none,
  VERIFICATION_ALREADY_DECIDED: none,
  VERIFICATION_DOCUMENT_NOT_FOUND: none,
  DATE_OF_BIRTH_IN_FUTURE: none,
  DATE_OF_BIRTH_UNDER_18: none,
  /** The operator requires an approved verification before an account is activated. */
  VERIFICATION_REQUIRED: none,
  /** A document image over the pixel ceiling. */
  VERIFICATION_FILE_DIMENSIONS_TOO_LARGE: z.object({ maxMegapixels: z.number() }),
  /** A JPEG or PNG document whose pixels do not decode (damaged, cut short). */
  VERIFICATION_FILE_UNREADABLE: none,
  // — the appropriateness check before a copy trade (issue 21) —
  /**
   * A new copy trade needs the appropriateness check on record (not_taken), and, when it found the
   * product may not be appropriate, the warning acknowledged (warning_pending).
   */
  APPROPRIATENESS_REQUIRED: z.object({ reason: z.enum(['not_taken', 'warning_pending']) }),
  /** The answers were given to an older version of the questionnaire (reload and answer again). */
  APPROPRIATENESS_QUESTIONNAIRE_CHANGED: none,
  /** A question without an answer (the field names it: answers.<questionId>). */
  APPROPRIATENESS_ANSWER_MISSING: none,
  /** An answer that is not one of the question's options, or a question that does not exist. */
  APPROPRIATENESS_ANSWER_UNKNOWN: none,
  /** Only a result that found the product may not be appropriate has a warning to acknowledge. */
  APPROPRIATENESS_NOTHING_TO_ACKNOWLEDGE: none,
  /** A fee outside the operator's bounds (field performanceFeePct). */
  PERFORMANCE_FEE_OUTSIDE_BOUNDS: z.object({ minPct: z.string(), maxPct: z.string() }),
  /** The trader already runs the allowed number of strategies. */
  STRATEGY_LIMIT_REACHED: z.object({ max: z.number().int() }),
  /** An order for an instrument the strategy's terms do not allow. */
  INSTRUMENT_NOT_ALLOWED: z.object({ symbol: z.string() }),
  /** The strategy is retired: no new copies, no orders. */
  STRATEGY_RETIRED: none,
  /** Below the strategy's minimum copy amount (field amount). */
  AMOUNT_BELOW_STRATEGY_MIN: z.object({ minCents: cents }),
  /** The strategy has as many copiers as its trader accepts. */
  STRATEGY_COPIERS_FULL: z.object({ maxCopiers: z.number().int() }),
  /** A lead trader tried to copy (invest in, or add funds to a copy of) their own strategy. */
  OWN_STRATEGY_COPY: none,
  /** A plan's minimum below its strategy's minimum copy amount (field min). */
  PLAN_MIN_BELOW_STRATEGY_MIN: z.object({ minCents: cents }),
  /** A plan fee for a strategy whose lead trader sets the fee (field performanceFeePct). */
  PLAN_FEE_SET_BY_STRATEGY: z.object({ feePct: z.string() }),
  /** A retired strategy takes only orders that reduce its positions (field targetWeight). */
  ORDER_MUST_REDUCE: z.object({ symbol: z.string() }),
  /** The operator unwinds only a retired strategy. */
  STRATEGY_NOT_RETIRED: none,
  /** A retired strategy is handed to another lead trader, not back to its own (field userId). */
  STRATEGY_HANDOVER_SAME_TRADER: none,

  // — statements —
  /** A statement date that is not a real calendar date (field `from`, `to` or `at`). */
  STATEMENT_DATE_INVALID: none,
  /** A statement date (or an annual summary's year) after today (UTC). */
  STATEMENT_DATE_IN_FUTURE: z.object({ unit: z.enum(['date', 'year']) }),
  /** A statement whose end date is before its start date (field `to`). */
  STATEMENT_RANGE_REVERSED: none,
  /** A statement over more than 5 years (field `to`). */
  STATEMENT_RANGE_TOO_LONG: none,
  /** Too many statements or exports are being prepared on this server right now (503). */
  STATEMENTS_BUSY: none,
} as const;

export type ErrorCode = keyof typeof ERROR_PARAMS;
export type ErrorParams<C extends ErrorCode> = z.infer<(typeof ERROR_PARAMS)[C]>;
export const ERROR_CODES = Object.keys(ERROR_PARAMS) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_PARAMS, code);
}

/** The one place a code's HTTP status is decided. */
export const ERROR_STATUS: { readonly [C in ErrorCode]: number } = {
  VALIDATION_FAILED: 400,
  ADDRESS_TOO_LONG: 414,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CSRF_REJECTED: 403,
  RATE_LIMITED: 429,
  TEXT_CONTAINS_NUL: 400,
  TEXT_NOT_UNICODE: 400,
  INVALID_CURSOR: 400,
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_CONFLICT: 409,
  REQUEST_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_EXPIRED: 409,
  INTERNAL: 500,

  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INVALID_CREDENTIALS: 401,
  SIGN_IN_OTP_INVALID: 401,
  OTP_INVALID: 400,
  TOKEN_INVALID: 400,
  EMAIL_TAKEN: 409,
  REFERRER_NOT_FOUND: 400,
  SESSION_NOT_FOUND: 404,
  CURRENT_PASSWORD_INCORRECT: 400,
  PASSWORD_INCORRECT: 400,
  TWO_FACTOR_ALREADY_ON: 409,
  TWO_FACTOR_SETUP_NOT_STARTED: 400,
  STAFF_ACCOUNT_INACTIVE: 403,
  ADMIN_TWO_FACTOR_REQUIRED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  PASSWORD_REUSED: 400,
  ACCESS_CHANGED: 403,
  METRICS_TOKEN_REQUIRED: 401,
  METRICS_LOCAL_ONLY: 403,

  OIDC_PROVIDER_NOT_FOUND: 404,
  OIDC_PROVIDER_UNAVAILABLE: 502,
  OIDC_STATE_MISMATCH: 400,
  OIDC_NONCE_MISMATCH: 400,
  OIDC_SIGN_IN_FAILED: 400,
  OIDC_EMAIL_MISSING: 400,
  OIDC_EMAIL_NOT_VERIFIED: 403,
  OIDC_NO_PENDING_SIGN_IN: 400,
  IDENTITY_NOT_FOUND: 404,
  API_TOKEN_INVALID: 401,
  API_TOKEN_NOT_ALLOWED: 403,
  API_TOKEN_NOT_FOUND: 404,
  API_TOKEN_LIMIT_REACHED: 409,
  API_TOKEN_REAUTH_REQUIRED: 403,
  API_TOKEN_ACCOUNT_INACTIVE: 403,
  OIDC_CALLBACK_INVALID: 400,

  USER_NOT_FOUND: 404,
  NO_CHANGES: 400,
  CANNOT_DEACTIVATE_SELF: 400,
  CANNOT_REMOVE_OWN_ADMIN: 400,
  CANNOT_DELETE_SELF: 400,
  LAST_ADMIN: 409,
  AVATAR_REQUIRED: 400,
  AVATAR_TOO_LARGE: 400,
  AVATAR_NOT_FOUND: 404,
  AVATAR_UPLOADS_BUSY: 429,
  EMAIL_UNCHANGED: 400,
  ACCOUNT_CLOSE_TRADES_OPEN: 409,
  ACCOUNT_CLOSE_WITHDRAWAL_PENDING: 409,
  ACCOUNT_CLOSE_DEPOSIT_PENDING: 409,
  ACCOUNT_CLOSE_MONEY_LEFT: 409,
  ACCOUNT_CLOSE_STAFF: 409,
  AVATAR_FORMAT_UNSUPPORTED: 400,
  AVATAR_DIMENSIONS_TOO_LARGE: 400,
  AVATAR_UNREADABLE: 400,

  ACCOUNT_NOT_ACTIVE: 403,
  ACCOUNT_DEACTIVATED: 403,
  INSUFFICIENT_BALANCE: 400,
  WITHDRAWAL_BELOW_FEE: 400,
  PAYMENT_METHOD_REQUIRED: 400,
  PAYMENT_METHOD_NOT_FOUND: 404,
  PAYMENT_METHOD_FIELD_NOT_APPLICABLE: 400,
  NEGATIVE_ADJUSTMENT_NOT_BALANCE: 400,
  TRANSACTION_NOT_FOUND: 404,
  NOTIFICATION_NOT_FOUND: 404,
  DEPOSIT_NOT_FOUND: 404,
  WITHDRAWAL_NOT_FOUND: 404,
  APPROVAL_NOT_FOUND: 404,
  DEPOSIT_ALREADY_DECIDED: 409,
  WITHDRAWAL_ALREADY_DECIDED: 409,
  APPROVAL_ALREADY_DECIDED: 409,
  SELF_DECISION_FORBIDDEN: 403,
  SECOND_ADMIN_REQUIRED: 403,
  APPROVAL_PENDING: 409,
  ACCOUNT_DELETED: 409,

  PLAN_NOT_FOUND: 404,
  PLAN_MAX_BELOW_MIN: 400,
  PLAN_RETIRED: 409,
  PLAN_NOT_OPEN: 409,
  PLAN_STRATEGY_PAUSED: 409,
  AMOUNT_BELOW_PLAN_MIN: 400,
  AMOUNT_ABOVE_PLAN_MAX: 400,
  TRADE_ALREADY_OPEN: 409,
  TOO_MANY_OPEN_TRADES: 409,
  ADD_ABOVE_PLAN_MAX: 400,
  REMOVE_MORE_THAN_HELD: 400,
  REMAINDER_BELOW_PLAN_MIN: 400,
  NO_OPEN_TRADE: 409,
  TRADE_NOT_FOUND: 404,
  NO_PROFIT_TO_CLAIM: 409,
  STOP_LOSS_OUT_OF_RANGE: 400,
  INVALID_AMOUNT: 400,
  STRATEGY_NOT_FOUND: 404,
  TRADER_ONLY: 403,
  NO_STRATEGY_YET: 404,
  STRATEGY_PAUSED: 409,
  TRADER_HAS_STRATEGY: 409,
  UNKNOWN_INSTRUMENT: 400,
  WEIGHT_OVER_100: 400,
  INVALID_WEIGHT: 400,
  FEE_PCT_OUT_OF_RANGE: 400,
  STRATEGY_EQUITY_NOT_POSITIVE: 409,
  NAV_NOT_POSITIVE: 409,
  INSUFFICIENT_UNITS: 409,
  PRICE_UNAVAILABLE: 503,
  ORDER_CHANGES_NOTHING: 409,

  TRADER_APPLICATION_PENDING: 409,
  ALREADY_LEAD_TRADER: 409,
  NOT_A_LEAD_TRADER: 409,
  TRADER_APPLICATION_NOT_FOUND: 404,
  TRADER_APPLICATION_ALREADY_DECIDED: 409,
  LEAD_TRADER_NOT_ACTIVE: 403,
  VERIFICATION_FILE_TYPE: 400,
  VERIFICATION_FILE_TOO_LARGE: 400,
  VERIFICATION_FILE_REQUIRED: 400,
  VERIFICATION_DOCUMENT_KIND: 400,
  VERIFICATION_DOCUMENT_MISSING: 400,
  VERIFICATION_LOCKED: 409,
  VERIFICATION_NOT_FOUND: 404,
  VERIFICATION_ALREADY_DECIDED: 409,
  VERIFICATION_DOCUMENT_NOT_FOUND: 404,
  DATE_OF_BIRTH_IN_FUTURE: 400,
  DATE_OF_BIRTH_UNDER_18: 400,
  VERIFICATION_REQUIRED: 409,
  VERIFICATION_FILE_DIMENSIONS_TOO_LARGE: 400,
  VERIFICATION_FILE_UNREADABLE: 400,
  APPROPRIATENESS_REQUIRED: 409,
  APPROPRIATENESS_QUESTIONNAIRE_CHANGED: 409,
  APPROPRIATENESS_ANSWER_MISSING: 400,
  APPROPRIATENESS_ANSWER_UNKNOWN: 400,
  APPROPRIATENESS_NOTHING_TO_ACKNOWLEDGE: 409,
  PERFORMANCE_FEE_OUTSIDE_BOUNDS: 400,
  STRATEGY_LIMIT_REACHED: 409,
  INSTRUMENT_NOT_ALLOWED: 400,
  STRATEGY_RETIRED: 409,
  AMOUNT_BELOW_STRATEGY_MIN: 400,
  STRATEGY_COPIERS_FULL: 409,
  OWN_STRATEGY_COPY: 403,
  PLAN_MIN_BELOW_STRATEGY_MIN: 400,
  PLAN_FEE_SET_BY_STRATEGY: 400,
  ORDER_MUST_REDUCE: 409,
  STRATEGY_NOT_RETIRED: 409,
  STRATEGY_HANDOVER_SAME_TRADER: 409,

  STATEMENT_DATE_INVALID: 400,
  STATEMENT_DATE_IN_FUTURE: 400,
  STATEMENT_RANGE_REVERSED: 400,
  STATEMENT_RANGE_TOO_LONG: 400,
  STATEMENTS_BUSY: 503,
};

/**
 * The English text of each code, as an i18next template: `{{name}}` is a parameter, and each
 * `<name>Cents` parameter is also offered as `{{<name>Usd}}`, a plan amount ("$1,000",
 * "$1,000.50"). A code with enum parameters words each case in ERROR_ENGLISH_CONTEXTS; its text
 * here is only the fallback. The web's English locale holds the same texts (a test compares them).
 */
export const ERROR_ENGLISH: { readonly [C in ErrorCode]: string } = {
  VALIDATION_FAILED: 'Invalid input',
  ADDRESS_TOO_LONG: 'The address is too long',
  NOT_FOUND: 'Route {{method}} {{path}} not found',
  METHOD_NOT_ALLOWED: 'Method {{method}} is not allowed here',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  REQUEST_HEADERS_TOO_LARGE: 'The request headers are too large',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  UNSUPPORTED_MEDIA_TYPE: 'Content type {{contentType}} is not accepted here',
  CSRF_REJECTED: 'Your session security check failed. Please reload the page and try again.',
  RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  TEXT_CONTAINS_NUL: 'Text must not contain the NUL character',
  TEXT_NOT_UNICODE: 'Text must be valid Unicode',
  INVALID_CURSOR: 'Invalid cursor',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key must be 1 to 200 printable characters',
  IDEMPOTENCY_CONFLICT: 'This Idempotency-Key was already used for a different request',
  REQUEST_IN_PROGRESS: 'This request is still being processed',
  IDEMPOTENCY_KEY_EXPIRED:
    'This Idempotency-Key is too old to be used again. Send the request with a new key.',
  INTERNAL: INTERNAL_ERROR_ENGLISH,

  UNAUTHENTICATED: 'Please log in to continue',
  FORBIDDEN: 'You do not have permission to do that',
  INVALID_CREDENTIALS: 'Invalid email or password',
  SIGN_IN_OTP_INVALID: 'Invalid two-factor code',
  OTP_INVALID: 'Invalid two-factor code',
  TOKEN_INVALID: 'This link is invalid or has expired. Please request a new one.',
  EMAIL_TAKEN: 'An account with this email already exists',
  REFERRER_NOT_FOUND: 'Referral ID not found',
  SESSION_NOT_FOUND: 'Session not found',
  CURRENT_PASSWORD_INCORRECT: 'Current password is incorrect',
  PASSWORD_INCORRECT: 'Password is incorrect',
  TWO_FACTOR_ALREADY_ON: 'Two-factor authentication is already on',
  TWO_FACTOR_SETUP_NOT_STARTED: 'Start the two-factor setup first',
  STAFF_ACCOUNT_INACTIVE: 'Your account is not active',
  ADMIN_TWO_FACTOR_REQUIRED:
    'Turn on two-factor authentication in your profile before using the admin area',
  PASSWORD_CHANGE_REQUIRED: 'Set a new password before you continue',
  PASSWORD_REUSED: 'Choose a password different from the one-time password',
  ACCESS_CHANGED: 'Your account access changed while this was being sent. Nothing was done.',
  METRICS_TOKEN_REQUIRED: 'A valid metrics token is required',
  METRICS_LOCAL_ONLY: 'Metrics are served to this machine only (or set METRICS_TOKEN)',

  OIDC_PROVIDER_NOT_FOUND: 'This sign-in provider is not available',
  OIDC_PROVIDER_UNAVAILABLE: 'The sign-in provider could not be reached. Please try again later.',
  OIDC_STATE_MISMATCH: 'The sign-in could not be confirmed. Please start again.',
  OIDC_NONCE_MISMATCH: 'The sign-in could not be confirmed. Please start again.',
  OIDC_SIGN_IN_FAILED: 'The provider did not complete the sign-in. Please try again.',
  OIDC_EMAIL_MISSING: 'The provider did not share an e-mail address for this account',
  OIDC_EMAIL_NOT_VERIFIED:
    'The provider has not verified the e-mail address of this account. Verify it there first, or sign in with your password.',
  OIDC_NO_PENDING_SIGN_IN: 'This sign-in has expired. Please start again.',
  IDENTITY_NOT_FOUND: 'Linked account not found',
  API_TOKEN_INVALID: 'The API token is invalid, expired or revoked',
  API_TOKEN_NOT_ALLOWED:
    'API tokens can only read your account summary, trades, transactions and statements',
  API_TOKEN_NOT_FOUND: 'Token not found',
  API_TOKEN_LIMIT_REACHED: 'You can have at most {{max}} active tokens. Revoke one first.',
  API_TOKEN_REAUTH_REQUIRED:
    'Enter your password to create a token (or sign in again and create it within {{minutes}} minutes)',
  API_TOKEN_ACCOUNT_INACTIVE: 'A deactivated account cannot create API tokens',
  OIDC_CALLBACK_INVALID:
    'The answer from the sign-in provider could not be read. Please start again.',

  USER_NOT_FOUND: 'User not found',
  NO_CHANGES: 'No changes made',
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account',
  CANNOT_REMOVE_OWN_ADMIN: 'You cannot remove your own admin role',
  CANNOT_DELETE_SELF: 'You cannot delete your own account',
  LAST_ADMIN: 'The platform needs at least one admin',
  AVATAR_REQUIRED: 'Please select an image',
  AVATAR_TOO_LARGE: 'Image size must be less than 2MB',
  AVATAR_NOT_FOUND: 'Not found',
  AVATAR_UPLOADS_BUSY: 'Too many uploads right now. Please try again.',
  EMAIL_UNCHANGED: 'This is already your email address',
  ACCOUNT_CLOSE_TRADES_OPEN: 'You have open trades. Close them before closing your account.',
  ACCOUNT_CLOSE_WITHDRAWAL_PENDING:
    'A withdrawal is still being processed. You can close your account once it is paid or rejected.',
  ACCOUNT_CLOSE_DEPOSIT_PENDING:
    'A deposit is still waiting for review. You can close your account once it is approved or rejected.',
  ACCOUNT_CLOSE_MONEY_LEFT:
    '{{availableUsd}} is still in your account. Withdraw it before closing your account.',
  ACCOUNT_CLOSE_STAFF:
    'Staff and lead-trader accounts are closed by support. Please contact support.',
  AVATAR_FORMAT_UNSUPPORTED: 'Please choose a .png, .jpg or .jpeg image',
  AVATAR_DIMENSIONS_TOO_LARGE: 'The image must be at most {{maxMegapixels}} megapixels',
  AVATAR_UNREADABLE: 'This image cannot be read; it may be damaged. Please choose another.',

  ACCOUNT_NOT_ACTIVE:
    'Your account is not active yet. Our team reviews every new account and activates it; we e-mail you when yours is active.',
  ACCOUNT_DEACTIVATED:
    'Your account is deactivated: deposits and new trades are paused. You can still close your trades and withdraw your money.',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  WITHDRAWAL_BELOW_FEE: 'The amount must be more than the withdrawal fee of {{feeUsd}}',
  PAYMENT_METHOD_REQUIRED: 'Please select a payment method',
  PAYMENT_METHOD_NOT_FOUND: 'Payment method not found',
  PAYMENT_METHOD_FIELD_NOT_APPLICABLE: 'A {{kind}} method has no {{field}}',
  NEGATIVE_ADJUSTMENT_NOT_BALANCE: 'Only balance adjustments can be negative',
  TRANSACTION_NOT_FOUND: 'Transaction not found',
  NOTIFICATION_NOT_FOUND: 'Notification not found',
  DEPOSIT_NOT_FOUND: 'This deposit was not found',
  WITHDRAWAL_NOT_FOUND: 'This withdrawal was not found',
  APPROVAL_NOT_FOUND: 'This approval was not found',
  DEPOSIT_ALREADY_DECIDED: 'This deposit was already decided',
  WITHDRAWAL_ALREADY_DECIDED: 'This withdrawal was already decided',
  APPROVAL_ALREADY_DECIDED: 'This approval was already decided',
  SELF_DECISION_FORBIDDEN:
    'You cannot decide on your own money or account. Another admin must do it.',
  SECOND_ADMIN_REQUIRED: 'A second admin must approve this; you requested it.',
  APPROVAL_PENDING: "This is already waiting for a second admin's approval",
  ACCOUNT_DELETED:
    'This account was deleted: nothing can be paid out to it or credited to it. Reject the request instead.',

  PLAN_NOT_FOUND: 'Plan not found',
  PLAN_MAX_BELOW_MIN: 'Maximum must be at least the minimum',
  PLAN_RETIRED: 'This plan is no longer available',
  PLAN_NOT_OPEN: 'This plan is not open for investment yet',
  PLAN_STRATEGY_PAUSED: 'This plan’s strategy is paused; new trades are not accepted right now',
  AMOUNT_BELOW_PLAN_MIN: 'Amount must be greater than or equal to {{minUsd}}',
  AMOUNT_ABOVE_PLAN_MAX: 'Amount must be less than or equal to {{maxUsd}}',
  TRADE_ALREADY_OPEN:
    'You already have an open trade in this plan. Close it or claim its profit before starting another in it.',
  TOO_MANY_OPEN_TRADES:
    'You can have at most {{max}} open trades at once. Close one before starting another.',
  ADD_ABOVE_PLAN_MAX:
    'This plan holds at most {{maxUsd}} per trade: you can add up to {{roomUsd}} to this one',
  REMOVE_MORE_THAN_HELD: 'This trade is worth {{valueUsd}} now: you cannot take out more',
  REMAINDER_BELOW_PLAN_MIN:
    'At least {{minUsd}} must stay in this trade: take out at most {{maxRemoveUsd}}, or close the trade to take out everything',
  NO_OPEN_TRADE: 'You have no open trade',
  TRADE_NOT_FOUND: 'Trade not found',
  NO_PROFIT_TO_CLAIM: 'You have no profit to claim',
  STOP_LOSS_OUT_OF_RANGE: 'Stop-loss must be a whole percentage from {{minPct}} to {{maxPct}}',
  INVALID_AMOUNT: 'Amount is required',
  STRATEGY_NOT_FOUND: 'Strategy not found',
  TRADER_ONLY: 'Only lead traders can do that',
  NO_STRATEGY_YET: 'You are not running a strategy yet',
  STRATEGY_PAUSED: 'This strategy is paused by the operator',
  TRADER_HAS_STRATEGY: 'This user already runs another strategy',
  UNKNOWN_INSTRUMENT: 'Unknown instrument: {{symbol}}',
  WEIGHT_OVER_100:
    "Total gross weight would be {{grossWeightPct}}%, above 100% of the strategy's equity",
  INVALID_WEIGHT: 'Target weight must be a percentage from 0 to 100',
  FEE_PCT_OUT_OF_RANGE: 'Performance fee must be a percentage from 0 to 100',
  STRATEGY_EQUITY_NOT_POSITIVE: 'The strategy has no equity to open or grow a position with',
  NAV_NOT_POSITIVE: 'This strategy cannot take new money right now',
  INSUFFICIENT_UNITS: 'This trade cannot be redeemed right now',
  PRICE_UNAVAILABLE: 'Market prices are not available right now. Please try again in a moment.',
  ORDER_CHANGES_NOTHING:
    'Nothing to change: the {{symbol}} position is already what this order asks for',

  TRADER_APPLICATION_PENDING: 'Your application is waiting for review',
  ALREADY_LEAD_TRADER: 'You already are a lead trader',
  NOT_A_LEAD_TRADER: 'This user is not an approved lead trader',
  TRADER_APPLICATION_NOT_FOUND: 'Application not found',
  TRADER_APPLICATION_ALREADY_DECIDED: 'This application was already decided',
  LEAD_TRADER_NOT_ACTIVE:
    "Your account is deactivated: your strategy's orders and terms are locked. Please contact support.",
  VERIFICATION_FILE_TYPE: 'Upload a JPEG, PNG or PDF file',
  VERIFICATION_FILE_TOO_LARGE: 'The file must be at most {{maxMegabytes}} MB',
  VERIFICATION_FILE_REQUIRED: 'Please choose a file',
  VERIFICATION_DOCUMENT_KIND:
    'Unknown document: upload identityFront, identityBack or proofOfAddress',
  VERIFICATION_DOCUMENT_MISSING: 'Please upload this document before submitting',
  VERIFICATION_LOCKED: 'Your verification is under review or approved and cannot be changed',
  VERIFICATION_NOT_FOUND: 'Verification not found',
  VERIFICATION_ALREADY_DECIDED: 'This verification was already decided',
  VERIFICATION_DOCUMENT_NOT_FOUND: 'Document not found',
  DATE_OF_BIRTH_IN_FUTURE: 'Date of birth cannot be in the future',
  DATE_OF_BIRTH_UNDER_18: 'You must be at least 18 years old',
  VERIFICATION_REQUIRED:
    'This account has no approved verification yet; review its documents first',
  VERIFICATION_FILE_DIMENSIONS_TOO_LARGE: 'The image must be at most {{maxMegapixels}} megapixels',
  VERIFICATION_FILE_UNREADABLE:
    'This file cannot be read; it may be damaged. Please choose another.',
  APPROPRIATENESS_REQUIRED:
    'Before your first copy trade, please answer a few questions about your experience',
  APPROPRIATENESS_QUESTIONNAIRE_CHANGED: 'The questions have changed; please answer them again',
  APPROPRIATENESS_ANSWER_MISSING: 'Please answer this question',
  APPROPRIATENESS_ANSWER_UNKNOWN: 'Please choose one of the answers offered',
  APPROPRIATENESS_NOTHING_TO_ACKNOWLEDGE: 'There is no warning to acknowledge',
  PERFORMANCE_FEE_OUTSIDE_BOUNDS: 'Performance fee must be from {{minPct}}% to {{maxPct}}%',
  STRATEGY_LIMIT_REACHED: 'A lead trader can run at most {{max}} strategy',
  INSTRUMENT_NOT_ALLOWED: 'This strategy does not trade {{symbol}}',
  STRATEGY_RETIRED: 'This strategy is retired',
  AMOUNT_BELOW_STRATEGY_MIN: 'This strategy accepts copies of at least {{minUsd}}',
  STRATEGY_COPIERS_FULL: 'This strategy has reached its limit of {{maxCopiers}} copiers',
  OWN_STRATEGY_COPY: 'You run this strategy: a lead trader cannot copy their own strategy',
  PLAN_MIN_BELOW_STRATEGY_MIN:
    'The minimum must be at least the strategy’s minimum copy amount, {{minUsd}}',
  PLAN_FEE_SET_BY_STRATEGY:
    'This strategy’s lead trader sets its fee ({{feePct}}%); a plan cannot set another',
  ORDER_MUST_REDUCE: 'This strategy is retired: an order may only reduce its {{symbol}} position',
  STRATEGY_NOT_RETIRED: 'Only a retired strategy can be unwound',
  STRATEGY_HANDOVER_SAME_TRADER: 'A retired strategy can only be handed to another lead trader',

  STATEMENT_DATE_INVALID: 'Enter a valid date (YYYY-MM-DD)',
  STATEMENT_DATE_IN_FUTURE: 'The date cannot be in the future',
  STATEMENT_RANGE_REVERSED: 'The end date must be on or after the start date',
  STATEMENT_RANGE_TOO_LONG: 'A statement can cover at most 5 years',
  STATEMENTS_BUSY: 'Many statements are being prepared right now. Please try again in a moment.',
};

/**
 * Texts that replace a code's template for one context, where English words it differently (a
 * body with no content type at all). The context is made of the parameters that name a case (an
 * enum, or null), as i18next's `context` option does: key `CODE_<value>[_<value>…]`.
 */
export const ERROR_ENGLISH_CONTEXTS: Readonly<Record<string, string>> = {
  UNSUPPORTED_MEDIA_TYPE_null: 'A request body needs a content type',
  // Each case of a code with enum parameters has its own text (a test checks that none is
  // missing), so every language words each case with its own grammar.
  DEPOSIT_ALREADY_DECIDED_approved: 'This deposit was already approved',
  DEPOSIT_ALREADY_DECIDED_rejected: 'This deposit was already rejected',
  WITHDRAWAL_ALREADY_DECIDED_paid: 'This withdrawal was already paid',
  WITHDRAWAL_ALREADY_DECIDED_rejected: 'This withdrawal was already rejected',
  APPROVAL_ALREADY_DECIDED_approved: 'This approval was already approved',
  APPROVAL_ALREADY_DECIDED_rejected: 'This approval was already rejected',
  PAYMENT_METHOD_FIELD_NOT_APPLICABLE_crypto: 'A crypto method has no {{field}}',
  PAYMENT_METHOD_FIELD_NOT_APPLICABLE_bank: 'A bank method has no {{field}}',
  STATEMENT_DATE_IN_FUTURE_date: 'The date cannot be in the future',
  STATEMENT_DATE_IN_FUTURE_year: 'The year cannot be in the future',
  APPROPRIATENESS_REQUIRED_not_taken:
    'Before your first copy trade, please answer a few questions about your experience',
  APPROPRIATENESS_REQUIRED_warning_pending:
    'Please read and acknowledge the warning about your experience before investing',
};

/** What a parameter can be: a text, a whole number (cents, percent) or null. */
export type ParamValues = Readonly<Record<string, string | number | null>>;

/** "$1,000" for whole dollars (as the seed writes plan limits), "$1,000.50" otherwise. */
export function formatPlanAmount(cents: bigint | number): string {
  const text = formatUsd(cents);
  return BigInt(cents) % 100n === 0n ? text.replace(/\.00$/, '') : text;
}

/**
 * The values a code's template is filled with: each parameter as text, and each `<name>Cents`
 * also as `<name>Usd`. Shared by the server's English and the web's i18n.
 */
export function errorValues(params: ParamValues): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    values[name] = value === null ? 'null' : String(value);
    if (name.endsWith('Cents') && typeof value === 'number') {
      values[`${name.slice(0, -'Cents'.length)}Usd`] = formatPlanAmount(value);
    }
  }
  return values;
}

/**
 * The i18next context of a code's parameters: the values of its enum parameters (and `null` for
 * a null one), joined by `_`, e.g. WITHDRAWAL_ALREADY_DECIDED { outcome: 'paid' } → `paid`, so a
 * language can word each case as its grammar needs.
 */
export function errorContext(code: ErrorCode, params: ParamValues): string | undefined {
  const shape: Record<string, z.ZodType> = ERROR_PARAMS[code].shape;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null) parts.push('null');
    else if (shape[name] instanceof z.ZodEnum) parts.push(String(value));
  }
  return parts.length > 0 ? parts.join('_') : undefined;
}

export { fillTemplate };

/** The English message of a code with its parameters: the one English renderer. */
export function englishErrorMessage<C extends ErrorCode>(code: C, params: ErrorParams<C>): string {
  const context = errorContext(code, params);
  const template = (context && ERROR_ENGLISH_CONTEXTS[`${code}_${context}`]) ?? ERROR_ENGLISH[code];
  return fillTemplate(template, errorValues(params));
}

/** Every error the API returns has this shape; `field` names the input that failed. */
export const errorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);
export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** The code's typed parameters (see ERROR_PARAMS); absent for a code without any. */
    params: z.record(z.string(), z.unknown()).optional(),
    field: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
