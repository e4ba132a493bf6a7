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
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const publicConfigSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  marketData: z.enum(['simulated', 'exchange']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
