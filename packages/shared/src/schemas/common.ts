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
  'METHOD_NOT_ALLOWED',
  'IDEMPOTENCY_CONFLICT',
  'INSUFFICIENT_BALANCE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const publicConfigSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  marketData: z.enum(['simulated', 'exchange']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
