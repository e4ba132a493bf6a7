import { z } from 'zod';
import { rule } from '../rules';

/** The message of a length rule: "At most 32 characters". */
export function atMostCharacters(max: number): string {
  return rule('AT_MOST_CHARACTERS', { max });
}

/** The message of a whole-number range rule: "Must be a whole number from 1 to 100". */
export function wholeNumberFrom(min: number, max: number): string {
  return rule('WHOLE_NUMBER_RANGE', { min, max });
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
  /** The operator's support hours as they wrote them (SUPPORT_HOURS); null: no hours are claimed. */
  supportHours: z.string().nullable(),
  marketData: z.enum(['simulated', 'exchange']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * A text the person must fill in: trimmed, `message` when it is missing or empty, at most `max`
 * characters.
 */
export function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, atMostCharacters(max));
}

/** The `:id` of a route's path: a UUID, `message` otherwise. */
export function idParamsSchema(message: string) {
  return z.object({ id: z.uuid({ error: message }) });
}

/** Why an admin refuses a request (a deposit, a withdrawal, an application): shown to its owner. */
export const refusalReasonSchema = requiredText(rule('REASON_REQUIRED'), 500);

/** An amount of money in whole cents: an integer, never a float (`<name>Cents` fields). */
export const centsSchema = z.number().int();
