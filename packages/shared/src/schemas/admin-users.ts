import { z } from 'zod';
import { sessionRecordSchema, userProfileFields } from './auth';
import { phoneSchema } from './phone';
import { atMostCharacters, wholeNumberParam } from './common';
import { cursorPage, cursorParam, searchParam } from './pages';
import { rule } from '../rules';

export const USER_FILTERS = ['all', 'active', 'pending', 'admin', 'trader'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export const adminUserListQuerySchema = z.object({
  q: searchParam,
  filter: z.enum(USER_FILTERS).default('all'),
  cursor: cursorParam,
  limit: wholeNumberParam(1, 100).default(25),
});

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  ...userProfileFields,
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  isTrader: z.boolean(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = cursorPage('users', adminUserSchema);

export const adminUpdateUserSchema = z.object({
  phone: phoneSchema,
  country: z.string().trim().min(1, rule('COUNTRY_REQUIRED')).max(80, atMostCharacters(80)),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

const BEFORE_MESSAGE = rule('BEFORE_ENTRY_ID');

export const auditListQuerySchema = z.object({
  actorId: z.uuid({ error: rule('ACTOR_ID_INVALID') }).optional(),
  targetType: z.string().max(40, atMostCharacters(40)).optional(),
  targetId: z.string().max(100, atMostCharacters(100)).optional(),
  action: z.string().max(60, atMostCharacters(60)).optional(),
  before: z.coerce
    .number({ error: BEFORE_MESSAGE })
    .int(BEFORE_MESSAGE)
    .positive(BEFORE_MESSAGE)
    .optional(),
  limit: wholeNumberParam(1, 100).default(50),
});
export const auditListSchema = cursorPage('entries', auditEntrySchema);

/** A user's session as an admin sees it. */
export const adminSessionSchema = sessionRecordSchema;

export const contactMessageSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export const contactMessageListSchema = cursorPage('messages', contactMessageSchema);

/**
 * GET /api/admin/users/approvers: who could approve what waits for a second admin, as seen by the
 * admin who asks (issue 39: with one admin, a request above the threshold waits forever).
 */
export const adminApproversSchema = z.object({
  /** Admins (not deleted), the caller included. */
  admins: z.number().int(),
  /** Admins other than the caller who can approve today: active, two-factor sign-in on. */
  otherApprovers: z.number().int(),
  /**
   * Whether the caller can make another user admin alone, at once: no other admin can approve
   * and none was ever appointed (docs/security.md V8: a new install's first admin appointing the
   * second). Otherwise making an admin waits for a second admin too.
   */
  canAppointAlone: z.boolean(),
});
export type AdminApprovers = z.infer<typeof adminApproversSchema>;
