import { z } from 'zod';
import { atMostCharacters, requiredText } from './common';
import { phoneSchema } from './phone';
import { rule } from '../rules';

/** Messages are the seed's, word for word (seed section 5). */
export const MESSAGES = {
  nameRequired: rule('FULL_NAME_REQUIRED'),
  emailRequired: rule('EMAIL_REQUIRED'),
  emailInvalid: rule('EMAIL_INVALID'),
  phoneRequired: rule('PHONE_REQUIRED'),
  countryRequired: rule('COUNTRY_REQUIRED'),
  passwordRequired: rule('PASSWORD_REQUIRED'),
  passwordMin: rule('PASSWORD_TOO_SHORT'),
  messageRequired: rule('MESSAGE_REQUIRED'),
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** A person's full name, as the sign-up forms and the contact form ask for it. */
export const fullNameSchema = requiredText(MESSAGES.nameRequired, 100);
/** The country a person lives in, as they type it. */
export const countrySchema = requiredText(MESSAGES.countryRequired, 80);

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin)
  .max(256, rule('PASSWORD_TOO_LONG'));

export const registerSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  country: countrySchema,
  referrerId: z.string().trim().max(64, atMostCharacters(64)).optional(),
  password: passwordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** A 6-digit TOTP code or a recovery code, asked for only when two-factor is on. */
  otp: z.string().trim().max(32, atMostCharacters(32)).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const recoverySchema = z.object({ email: emailSchema });

export const completeRecoverySchema = z.object({
  userId: z.string().min(1, rule('USER_ID_REQUIRED')).max(64, atMostCharacters(64)),
  secret: z.string().min(1, rule('SECRET_REQUIRED')).max(128, atMostCharacters(128)),
  password: passwordSchema,
});

export const changePasswordSchema = z.object({
  oldPassword: z.string().min(1, MESSAGES.passwordRequired).max(256, atMostCharacters(256)),
  password: passwordSchema,
});

export const verifyEmailSchema = z.object({
  userId: z.string().min(1, rule('USER_ID_REQUIRED')).max(64, atMostCharacters(64)),
  secret: z.string().min(1, rule('SECRET_REQUIRED')).max(128, atMostCharacters(128)),
});

export const otpCodeSchema = z.object({
  otp: z.string().trim().min(6, rule('OTP_REQUIRED')).max(32, atMostCharacters(32)),
});

/** Turning two-factor off needs the password and a current code from the app (or a recovery code). */
export const disableTwoFactorSchema = z.object({
  password: z.string().min(1, MESSAGES.passwordRequired).max(256, atMostCharacters(256)),
  otp: otpCodeSchema.shape.otp,
});

/**
 * Changing the sign-in address: the new address, the current password and, when two-factor
 * sign-in is on, a current code from the app (or an unused recovery code). Nothing changes until
 * the link sent to the new address is followed.
 */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  password: z.string().min(1, MESSAGES.passwordRequired).max(256, atMostCharacters(256)),
  otp: z.string().trim().max(32, atMostCharacters(32)).optional(),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/**
 * GET /api/auth/email: the change of address waiting for its link to be followed (the newest
 * valid one), so the profile can say so; null when none waits.
 */
export const pendingEmailChangeSchema = z.object({
  pending: z.object({ newEmail: z.string(), expiresAt: z.string() }).nullable(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

/** The link sent to the new address: /confirm-email?userId=…&secret=… */
export const confirmEmailChangeSchema = verifyEmailSchema;

/** A one-time sign-in link by e-mail (from /login): the same answer whether or not it has an account. */
export const magicLinkRequestSchema = z.object({ email: emailSchema });

/** Following the sign-in link: /magic?userId=…&secret=…; with two-factor on, then a code. */
export const magicLinkSignInSchema = verifyEmailSchema.extend({
  otp: z.string().trim().max(32, atMostCharacters(32)).optional(),
});
export type MagicLinkSignInInput = z.input<typeof magicLinkSignInSchema>;

/** A user's profile as the user and the back office read it: contact, referral and picture. */
export const userProfileFields = {
  phone: z.string(),
  country: z.string(),
  referralId: z.string(),
  referrerId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
};

/** The non-secret snapshot of the signed-in user; also what `auth-storage` may hold. */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  ...userProfileFields,
  isActive: z.boolean(),
  /** When an admin first activated the account (kept when it is deactivated later). */
  activatedAt: z.string().nullable(),
  isAdmin: z.boolean(),
  isTrader: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /**
   * Signed in with the one-time password printed at first start: the server refuses everything
   * but changing the password, /me, /session and sign-out (403 PASSWORD_CHANGE_REQUIRED).
   */
  passwordChangeRequired: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export { accountStanding, type AccountStanding } from '../standing';

export const loginResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), user: meSchema }),
  z.object({ status: z.literal('otp_required') }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A session on record: where and when it was used (as the staff and the data export show it). */
export const sessionRecordSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});

export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionInfo = z.infer<typeof sessionSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
});
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const okSchema = z.object({ ok: z.literal(true) });
