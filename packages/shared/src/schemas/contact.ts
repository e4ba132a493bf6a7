import { z } from 'zod';
import { emailSchema, MESSAGES } from './auth';
import { atMostCharacters } from './common';
import { rule } from '../rules';

export const contactSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(100, atMostCharacters(100)),
  email: emailSchema,
  message: z
    .string({ error: MESSAGES.messageRequired })
    .trim()
    .min(1, MESSAGES.messageRequired)
    .max(5000, rule('MESSAGE_TOO_LONG')),
});
export type ContactInput = z.input<typeof contactSchema>;
