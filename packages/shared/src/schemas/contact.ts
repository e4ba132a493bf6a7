import { z } from 'zod';
import { emailSchema, fullNameSchema, MESSAGES } from './auth';
import { rule } from '../rules';

export const contactSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  message: z
    .string({ error: MESSAGES.messageRequired })
    .trim()
    .min(1, MESSAGES.messageRequired)
    .max(5000, rule('MESSAGE_TOO_LONG')),
});
export type ContactInput = z.input<typeof contactSchema>;
