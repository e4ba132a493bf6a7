import { INTERNAL_ERROR_ENGLISH } from '../http';
import type { ErrorCode } from './codes';

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
  CHAIN_RAILS_OFF: 'Deposits from a crypto wallet are not available right now',
  CHAIN_NETWORK_UNKNOWN: 'This network is not available for deposits',
  CHAIN_FAUCET_OFF: 'Test tokens exist only on the development chain',
  WALLET_ADDRESS_INVALID: 'Enter a valid address for this network (0x followed by 40 characters)',
  WALLET_ADDRESS_OWN_DEPOSIT:
    'This is a deposit address of this platform. Enter your own wallet’s address.',
  PAYOUT_TX_REQUIRED: 'Enter the hash of the payout transaction',
  PAYOUT_TX_NOT_FOUND: 'No successful transaction with this hash was found on the network',
  PAYOUT_TX_WRONG_TRANSFER:
    'This transaction does not send the method’s token to the withdrawal’s address',
  PAYOUT_TX_TOO_LITTLE: 'This transaction sends less than the net amount of {{netUsd}}',
  PAYOUT_TX_UNCONFIRMED:
    'The transaction has {{confirmations}} of {{required}} confirmations. Try again in a few blocks.',
  PAYOUT_TX_USED: 'This transaction already proves another payout',
  PRACTICE_OFF: 'Practice accounts are not available on this platform',
  PRACTICE_EMAIL_UNVERIFIED: 'Verify your e-mail address to open a practice account',
  PRACTICE_NOT_STARTED: 'Open your practice account first',
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
