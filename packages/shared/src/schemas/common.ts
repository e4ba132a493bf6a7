import { z } from 'zod';

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

export const publicConfigSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  marketData: z.enum(['simulated', 'exchange']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
