import { z } from 'zod';

/** Every error the API returns has this shape; `field` names the input that failed. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The message of a length rule (the web translates it by pattern): "At most 32 characters". */
export function atMostCharacters(max: number): string {
  return `At most ${max} characters`;
}

/** The message of a whole-number range rule: "Must be a whole number from 1 to 100". */
export function wholeNumberFrom(min: number, max: number): string {
  return `Must be a whole number from ${min} to ${max}`;
}

/** A whole number in [min, max], every rule with the same message. */
export function wholeNumber(min: number, max: number) {
  const message = wholeNumberFrom(min, max);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** The same, from a query-string text. */
export function wholeNumberParam(min: number, max: number) {
  const message = wholeNumberFrom(min, max);
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'CSRF_REJECTED',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'OTP_INVALID',
  'TOKEN_INVALID',
  'EMAIL_TAKEN',
  'PAYLOAD_TOO_LARGE',
  /** Headers over the server's size limit (431), refused by the HTTP parser. */
  'REQUEST_HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  /** A body in a content type the route does not declare (a plain HTML form, text/plain...). */
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'IDEMPOTENCY_CONFLICT',
  'INSUFFICIENT_BALANCE',
  /** An admin tried to decide on their own money (own deposit, withdrawal, adjustment...). */
  'SELF_DECISION_FORBIDDEN',
  /** An admin without two-factor sign-in tried an admin operation. */
  'ADMIN_TWO_FACTOR_REQUIRED',
  /** The admin who asked for a four-eyes approval tried to give it too. */
  'SECOND_ADMIN_REQUIRED',
  /** A withdrawal is waiting for a second admin's approval of its payout. */
  'APPROVAL_PENDING',
  /** A statement date that is not a real calendar date (field `from` or `to`). */
  'STATEMENT_DATE_INVALID',
  /** A statement date after today (UTC). */
  'STATEMENT_DATE_IN_FUTURE',
  /** A statement whose end date is before its start date (field `to`). */
  'STATEMENT_RANGE_REVERSED',
  /** A statement over more than 5 years (field `to`). */
  'STATEMENT_RANGE_TOO_LONG',
  /** Too many statements or exports are being prepared on this server right now (503). */
  'STATEMENTS_BUSY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const publicConfigSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  marketData: z.enum(['simulated', 'exchange']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
