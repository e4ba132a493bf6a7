import { z } from 'zod';
import { rule } from '../rules';
import { wholeNumberParam } from './common';

/**
 * What a person sees of their own account's history on /profile (the audit log's entries about
 * them): sign-ins, failed sign-ins, security changes and what staff did to the account — never
 * who on the staff did it, never another user's entries.
 */
export const ACTIVITY_ACTIONS = [
  'user.registered',
  'user.login',
  'user.login_failed',
  'user.password_changed',
  'user.password_reset',
  'user.2fa_enabled',
  'user.2fa_disabled',
  'user.profile_updated',
  'user.activated',
  'user.deactivated',
  'user.sessions_revoked',
  'user.email_change_requested',
  'user.email_changed',
  'user.data_exported',
  'user.provider_linked',
  'user.provider_unlinked',
  'user.api_token_created',
  'user.api_token_revoked',
  'user.access_revoked',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  at: z.string(),
  /** The address the request came from (sign-ins and changes the user made). */
  ip: z.string().nullable(),
  /** The browser's user agent at a sign-in or failed sign-in; null for other entries. */
  userAgent: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityQuerySchema = z.object({
  /** The last entry's id of the previous page. */
  before: z.coerce
    .number({ error: rule('BEFORE_ENTRY_ID') })
    .int(rule('BEFORE_ENTRY_ID'))
    .positive(rule('BEFORE_ENTRY_ID'))
    .optional(),
  limit: wholeNumberParam(1, 50).default(20),
});

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextBefore: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
