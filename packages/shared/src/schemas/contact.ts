import { z } from 'zod';
import { emailSchema, MESSAGES } from './auth';

export const contactSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(100, 'At most 100 characters'),
  email: emailSchema,
  message: z
    .string({ error: MESSAGES.messageRequired })
    .trim()
    .min(1, MESSAGES.messageRequired)
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactInput = z.input<typeof contactSchema>;
