import { z } from 'zod';
import { centsSchema } from './common';
import { countrySchema } from './auth';
import { phoneSchema } from './phone';
import { rule } from '../rules';

export const updateProfileSchema = z.object({
  phone: phoneSchema,
  country: countrySchema,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MESSAGES = {
  required: rule('IMAGE_REQUIRED'),
  tooLarge: rule('IMAGE_TOO_LARGE'),
} as const;

export const referralListSchema = z.object({
  referralId: z.string(),
  referralLink: z.string(),
  total: z.number().int(),
  /** The bonus paid per activated referral now; 0 when the programme is off. */
  bonusCents: centsSchema,
  users: z.array(
    z.object({ id: z.string(), name: z.string(), isActive: z.boolean(), createdAt: z.string() }),
  ),
});
export type ReferralList = z.infer<typeof referralListSchema>;
