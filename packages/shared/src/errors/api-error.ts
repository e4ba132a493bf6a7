import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './codes';

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
