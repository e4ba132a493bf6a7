import { z } from 'zod';

/**
 * The parsers config.ts builds its settings from: each takes an environment variable's text (or
 * undefined when it is unset or empty) and says in a few words what it must be when it is wrong.
 */

export const text = (fallback: string) => z.string().trim().min(1).optional().default(fallback);
export const optionalText = () => z.string().min(1).optional();

export function integer(fallback: number, min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

export function optionalInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .optional()
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(
      z
        .number()
        .int()
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`)
        .optional(),
    );
}

export function flag(fallback: boolean) {
  return z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'));
}

export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return z
    .enum(values, { error: `must be one of: ${values.join(', ')}` })
    .optional()
    .default(fallback);
}

export function url(protocols: readonly string[], example: string) {
  return z
    .string()
    .optional()
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL such as ${example}` },
    );
}

export const emailAddress = () => z.email({ error: 'must be an e-mail address' });
export const email = (fallback: string) => emailAddress().optional().default(fallback);
export const optionalEmail = () => emailAddress().optional();
