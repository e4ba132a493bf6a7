import { z } from 'zod';
import { rule } from '../rules';
import { atMostCharacters, requiredText } from './common';
import { phoneSchema } from './phone';
import { countrySchema, fullNameSchema, passwordSchema } from './auth';

/**
 * OpenID Connect sign-in ("Continue with …"): the providers an operator configures, the provider
 * accounts a user has linked, and the short steps after the provider sends the browser back.
 */

export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

export const providerIdSchema = z
  .string()
  .regex(PROVIDER_ID_PATTERN, rule('PROVIDER_NOT_FOUND_PARAM'));

/** An issuer is https, or http on this machine only (a development or test provider). */
export function issuerUrlAllowed(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** What the sign-in page shows: a button per configured provider (none: no buttons). */
export const publicProviderSchema = z.object({ id: z.string(), displayName: z.string() });
export const publicProviderListSchema = z.object({ providers: z.array(publicProviderSchema) });
export type PublicProvider = z.infer<typeof publicProviderSchema>;

/** What staff see of a provider: the secret only as set or not, never its value. */
export const adminProviderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminProviderListSchema = z.object({ providers: z.array(adminProviderSchema) });
export type AdminProvider = z.infer<typeof adminProviderSchema>;

/**
 * Adds a provider or changes one. The client secret is required for a new provider; for an
 * existing one, leaving it out keeps the stored one (staff replace it, never read it).
 */
export const saveProviderSchema = z.object({
  displayName: requiredText(rule('DISPLAY_NAME_REQUIRED'), 60),
  issuerUrl: z
    .string({ error: rule('ISSUER_URL_INVALID') })
    .trim()
    .max(300, atMostCharacters(300))
    .refine(issuerUrlAllowed, rule('ISSUER_URL_INVALID')),
  clientId: requiredText(rule('CLIENT_ID_REQUIRED'), 300),
  clientSecret: z
    .string()
    .min(1, rule('CLIENT_SECRET_REQUIRED'))
    .max(1000, atMostCharacters(1000))
    .optional(),
});
export type SaveProviderInput = z.input<typeof saveProviderSchema>;

export const providerParamsSchema = z.object({
  provider: z
    .string()
    .max(32, rule('PROVIDER_NOT_FOUND_PARAM'))
    .regex(PROVIDER_ID_PATTERN, rule('PROVIDER_ID_FORMAT')),
});

/** A provider account linked to the signed-in user (listed and removable on /profile). */
export const identitySchema = z.object({
  id: z.string(),
  providerId: z.string(),
  displayName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const identityListSchema = z.object({ identities: z.array(identitySchema) });
export type LinkedIdentity = z.infer<typeof identitySchema>;

/**
 * After the provider sent the browser back, what is left to do (held in a sealed, short-lived
 * cookie): give the password of the existing account with that e-mail to link it, give the
 * second factor of a linked account with two-factor on, or complete a new account's details.
 */
export const PENDING_STEPS = ['link', 'otp', 'register'] as const;
export const pendingSignInSchema = z.object({
  pending: z
    .object({
      step: z.enum(PENDING_STEPS),
      provider: publicProviderSchema,
      email: z.string(),
      name: z.string(),
      /** Whether the account asks for a second factor (link and otp steps). */
      otpRequired: z.boolean(),
    })
    .nullable(),
});
export type PendingSignIn = NonNullable<z.infer<typeof pendingSignInSchema>['pending']>;

const otpField = z.string().trim().max(32, atMostCharacters(32)).optional();

export const linkWithPasswordSchema = z.object({ password: passwordSchema, otp: otpField });
export type LinkWithPasswordInput = z.input<typeof linkWithPasswordSchema>;

export const providerOtpSchema = z.object({
  otp: z.string().trim().min(1, rule('OTP_REQUIRED')).max(32, atMostCharacters(32)),
});

/** A new account through a provider: the sign-up fields the provider does not give. */
export const providerRegisterSchema = z.object({
  name: fullNameSchema,
  phone: phoneSchema,
  country: countrySchema,
  referrerId: z.string().trim().max(64, atMostCharacters(64)).optional(),
});
export type ProviderRegisterInput = z.input<typeof providerRegisterSchema>;
