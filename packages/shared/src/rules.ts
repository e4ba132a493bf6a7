import { fillTemplate } from './template';

/**
 * The rules input must keep, as codes. A zod schema's message is never a sentence: it is
 * `rule(code, params)`, a token such as `AT_MOST_CHARACTERS {"max":80}`. The server answers a
 * broken rule with VALIDATION_FAILED, the rule's English text (RULE_ENGLISH, the seed's words) and
 * `params: { rule, values }`; the web renders the same code and values through i18n (the
 * `validation` namespace, one key per code). Nothing anywhere looks a sentence up: a new rule is
 * added here and in every web locale (a test refuses a missing one), and the linter refuses a
 * sentence written as a schema message.
 *
 * A template's `{{name}}` placeholders are its parameters; `rule()` requires exactly those.
 */
export const RULE_ENGLISH = {
  // — any text —
  AT_MOST_CHARACTERS: 'At most {{max}} characters',
  WHOLE_NUMBER_RANGE: 'Must be a whole number from {{min}} to {{max}}',
  INVALID_INPUT: 'Invalid input',

  // — sign-up, sign-in, profile (seed sections 1 and 10) —
  FULL_NAME_REQUIRED: 'Full name is required',
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email',
  COUNTRY_REQUIRED: 'Country is required',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 256 characters',
  OTP_REQUIRED: 'Enter the 6-digit code',
  MESSAGE_REQUIRED: 'Message is required',
  MESSAGE_TOO_LONG: 'Message must be at most 5000 characters',
  IMAGE_REQUIRED: 'Please select an image',
  IMAGE_TOO_LARGE: 'Image size must be less than 2MB',
  PHONE_REQUIRED: 'Phone number is required',
  PHONE_LETTERS: 'Phone number must not contain letters',
  PHONE_CHARACTERS:
    'Phone number may contain only digits, spaces, brackets, dashes and a leading +',
  PHONE_COUNTRY_CODE: 'Phone number must start with + and the country code, e.g. +44 20 7946 0958',
  PHONE_UNKNOWN_COUNTRY: 'Phone number has an unknown country code',
  PHONE_TOO_SHORT: 'Phone number is too short',
  PHONE_TOO_LONG: 'Phone number is too long',
  PHONE_INVALID: 'Phone number is not a valid number for its country code',

  // — amounts, deposits and withdrawals (seed sections 5, 8 and 9) —
  PAYMENT_METHOD_REQUIRED: 'Please select a payment method',
  AMOUNT_ENTER: 'Please enter an amount',
  AMOUNT_REQUIRED: 'Amount is required',
  AMOUNT_INVALID: 'Please enter a valid amount with at most 2 decimals',
  AMOUNT_NOT_A_NUMBER: 'Amount must be a number',
  AMOUNT_POSITIVE: 'Amount must be greater than $0.00',
  AMOUNT_BELOW_MILLION: 'Amount must be less than 1,000,000',
  AMOUNT_AT_MOST_TEN_MILLION: 'Amount must be less than or equal to $10,000,000.00',
  WITHDRAWAL_AT_LEAST_ONE_DOLLAR: 'Amount must be at least $1.00',
  BALANCE_INSUFFICIENT: 'Insufficient balance',
  WALLET_REQUIRED: 'Please enter a wallet address',
  ACCOUNT_NUMBER_REQUIRED: 'Account Number is required',
  ACCOUNT_NAME_REQUIRED: 'Account Name is required',
  BANK_NAME_REQUIRED: 'Bank Name is required',
  SWIFT_CODE_REQUIRED: 'Swift Code is required',
  ROUTING_NUMBER_REQUIRED: 'Routing Number is required',
  WITHDRAWAL_CHANNEL_REQUIRED: 'Please choose Bank Transfer or Crypto Currency',

  // — back office —
  AMOUNT_FIRST: 'Enter amount first!',
  REASON_REQUIRED: 'Please enter a reason',
  ONLY_BALANCE_NEGATIVE: 'Only balance adjustments can be negative',
  BUCKET_REQUIRED: 'Choose balance, profit or bonus',
  PERCENTAGE_REQUIRED: 'Enter a percentage',
  PERCENTAGE_INVALID: 'Enter a percentage from 0 to 99.99 with at most 2 decimals',
  FLAT_FEE_INVALID: 'Enter a flat fee from $0.00 to $1,000.00',
  THRESHOLD_REQUIRED: 'Enter an amount (0 means every adjustment and payout)',
  THRESHOLD_INVALID: 'The threshold must be a whole number of cents, 0 or more',
  NAME_REQUIRED: 'Name is required',
  NETWORK_REQUIRED: 'Network is required',
  ADDRESS_REQUIRED: 'Address is required',
  METHOD_KIND_REQUIRED: 'Choose crypto or bank',
  TITLE_REQUIRED: 'Title is required',
  MINIMUM_REQUIRED: 'Minimum is required',
  MAXIMUM_REQUIRED: 'Maximum is required',
  MINIMUM_POSITIVE: 'Minimum must be greater than $0.00',
  MAXIMUM_POSITIVE: 'Maximum must be greater than $0.00',
  MAXIMUM_BELOW_MINIMUM: 'Maximum must be at least the minimum',
  TERM_RANGE: 'Term must be a whole number of days from 1 to 3650',
  PERFORMANCE_FEE_RANGE: 'Performance fee must be a percentage from 0 to 50',
  STRATEGY_REQUIRED: 'Please choose a strategy',

  // — copy trading —
  PLAN_REQUIRED: 'Please choose a plan',
  STOP_LOSS_RANGE: 'Stop-loss must be a whole percentage from {{min}} to {{max}}',
  TAKE_PROFIT_RANGE: 'Take-profit must be a whole percentage from {{min}} to {{max}}',
  TRADE_CHANGE_REQUIRED: 'Give a stop-loss or a take-profit to change',
  TARGET_WEIGHT_RANGE: 'Target weight must be a percentage from 0 to 100',
  ORDER_UNKNOWN_FIELD: 'Unknown field: orders take symbol, side and targetWeight only',
  SIDE_INVALID: 'side must be long or short',
  UNKNOWN_INSTRUMENT: 'Unknown instrument; use one of {{symbols}}',

  // — the lead-trader programme —
  DISPLAY_NAME_REQUIRED: 'Display name is required',
  BIO_REQUIRED: 'Bio is required',
  EXPERIENCE_REQUIRED: 'Tell us about your trading experience',
  RULES_ACKNOWLEDGEMENT_REQUIRED: 'Please acknowledge the lead-trader rules',
  LEGAL_NAME_REQUIRED: 'Legal name is required',
  DATE_OF_BIRTH_REQUIRED: 'Enter your date of birth',
  NATIONALITY_REQUIRED: 'Nationality is required',
  DOCUMENT_TYPE_REQUIRED: 'Choose passport, ID card or driving licence',
  DESCRIPTION_REQUIRED: 'Description is required',
  INSTRUMENTS_REQUIRED: 'Choose at least one instrument, each once',
  FEE_PCT_FORMAT: 'Performance fee must be a percentage from 0 to 100 with at most 2 decimals',
  FEE_BOUNDS_REVERSED: 'The highest fee must be at least the lowest',
  LEAD_TRADER_REQUIRED: 'Choose a lead trader',
  // — the appropriateness check (issue 21) —
  WARNING_ACKNOWLEDGEMENT_REQUIRED: 'Please confirm that you have read and understood the warning',
  QUESTIONNAIRE_INVALID: 'The questionnaire is not valid: {{problem}}',
  PROVIDER_ID_FORMAT:
    'Use 1 to 32 lowercase letters, digits or dashes, starting with a letter or digit',
  ISSUER_URL_INVALID: 'Issuer URL must be an https:// address (http:// only for this machine)',
  CLIENT_ID_REQUIRED: 'Client ID is required',
  CLIENT_SECRET_REQUIRED: 'Client secret is required',

  // — ids in the address: a malformed one is the thing not found —
  APPLICATION_ID_INVALID: 'Application not found',
  VERIFICATION_ID_INVALID: 'Verification not found',
  DOCUMENT_ID_INVALID: 'Document not found',
  PLAN_ID_INVALID: 'Plan not found',
  STRATEGY_ID_INVALID: 'Strategy not found',
  USER_ID_NOT_FOUND: 'User not found',
  TRADE_ID_NOT_FOUND: 'Trade not found',
  SESSION_ID_INVALID: 'Session not found',
  API_TOKEN_ID_INVALID: 'Token not found',
  IDENTITY_ID_INVALID: 'Linked account not found',
  PROVIDER_NOT_FOUND_PARAM: 'Sign-in provider not found',
  PAYMENT_METHOD_ID_INVALID: 'Payment method not found',

  // — query parameters the app builds (a person never types them) —
  USER_ID_REQUIRED: 'userId is required',
  SECRET_REQUIRED: 'secret is required',
  USER_ID_INVALID: 'userId must be a user id',
  USER_ID_OR_NULL: 'userId must be a user id or null',
  ACTOR_ID_INVALID: 'actorId must be a user id',
  LIMIT_NOT_A_NUMBER: 'limit must be a number',
  LIMIT_NOT_WHOLE: 'limit must be a whole number',
  LIMIT_TOO_SMALL: 'limit must be at least 1',
  LIMIT_TOO_LARGE: 'limit must be at most {{max}}',
  LIMIT_RANGE: 'limit must be a whole number from {{min}} to {{max}}',
  DATE_PARAM: '{{name}} must be a date (YYYY-MM-DD)',
  TIME_PARAM: '{{name}} must be a time in milliseconds since 1970',
  DAYS_RANGE: 'days must be a whole number from 1 to 365',
  INTERVAL_INVALID: 'interval must be 1m or 1h',
  BEFORE_ISO_DATE: 'before must be an ISO date',
  BEFORE_ENTRY_ID: 'before must be an entry id',
  BEFORE_ORDER_NUMBER: 'before must be an order number from a previous page',
  TRANSACTION_KIND_INVALID: 'kind must be a transaction kind',
  FORMAT_CSV_OR_PDF: 'format must be csv or pdf',
  FORMAT_CSV: 'format must be csv',
  LANG_INVALID: 'lang must be en, de or es',
  YEAR_INVALID: 'year must be a year such as 2025',
  YEAR_TOO_EARLY: 'year must be 2000 or later',

  // — the HTTP layer —
  ADDRESS_NOT_VALID: 'The address is not valid',
  REQUEST_NOT_VALID_HTTP: 'The request is not valid HTTP',
} as const;

export type RuleCode = keyof typeof RULE_ENGLISH;
export const RULE_CODES = Object.keys(RULE_ENGLISH) as RuleCode[];

/** The placeholder names of a template: 'From {{min}} to {{max}}' → 'min' | 'max'. */
type Placeholders<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;
export type RuleValues<C extends RuleCode> = {
  readonly [Name in Placeholders<(typeof RULE_ENGLISH)[C]>]: string | number;
};
/** The rules whose text has no parameters. */
export type PlainRuleCode = {
  [C in RuleCode]: Placeholders<(typeof RULE_ENGLISH)[C]> extends never ? C : never;
}[RuleCode];

export function isRuleCode(code: unknown): code is RuleCode {
  return typeof code === 'string' && Object.hasOwn(RULE_ENGLISH, code);
}

/** A schema message: `rule('PASSWORD_TOO_SHORT')`, `rule('AT_MOST_CHARACTERS', { max: 80 })`. */
export function rule<C extends PlainRuleCode>(code: C): string;
export function rule<C extends RuleCode>(code: C, values: RuleValues<C>): string;
export function rule(code: RuleCode, values?: Record<string, string | number>): string {
  return values && Object.keys(values).length > 0 ? `${code} ${JSON.stringify(values)}` : code;
}

export interface BrokenRule {
  code: RuleCode;
  values: Record<string, string | number>;
}

const TOKEN = /^([A-Z][A-Z0-9_]*)(?: (\{.*\}))?$/;

/** The rule a schema message names, or null for anything else (Fastify's own messages). */
export function readRule(message: string): BrokenRule | null {
  const match = TOKEN.exec(message);
  if (!match || !isRuleCode(match[1])) return null;
  if (!match[2]) return { code: match[1], values: {} };
  try {
    const values: unknown = JSON.parse(match[2]);
    if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
    return { code: match[1], values: values as Record<string, string | number> };
  } catch {
    return null;
  }
}

/** The English text of a rule: the one English renderer, used by the server's answers. */
export function englishRule({ code, values }: BrokenRule): string {
  return fillTemplate(
    RULE_ENGLISH[code],
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])),
  );
}

/** A schema message in English: its rule's text, or the message itself when it names no rule. */
export function englishMessage(message: string): string {
  const broken = readRule(message);
  return broken ? englishRule(broken) : message;
}
