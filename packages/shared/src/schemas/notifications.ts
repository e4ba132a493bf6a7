import { z } from 'zod';
import { centsSchema, wholeNumberParam } from './common';
import { cursorPage, cursorParam } from './pages';
import { ADJUSTMENT_BUCKETS } from './kinds';

/**
 * Alerts about events that touch a user's money (issue 16). A notification is a code and its
 * params; the web renders its text through i18n and the server renders the e-mail in the user's
 * language. A new type is added here (and to the CHECK of notifications.type in a migration).
 */
export const NOTIFICATION_TYPES = [
  'trade_stopped_out',
  'trade_take_profit',
  'trade_term_ended',
  'strategy_paused',
  'strategy_resumed',
  'lead_trader_changed',
  'strategy_retired',
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_paid',
  'withdrawal_rejected',
  'adjustment_posted',
  'verification_approved',
  'verification_rejected',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * `practice: true` on an alert about a practice copy (issue 42: virtual money), or about a strategy
 * to someone who copies it only in practice: the alert and its e-mail say "Practice — virtual
 * money" first. Absent on everything about real money.
 */
const practiceMark = { practice: z.boolean().optional() };

/** A copy closed by the platform: the plan and what the owner received, in cents. */
const tradeClosed = z.object({
  tradeId: z.string(),
  plan: z.string(),
  amountCents: centsSchema,
  payoutCents: centsSchema,
  ...practiceMark,
});
const strategyEvent = z.object({ strategyId: z.string(), strategy: z.string(), ...practiceMark });
const moneyDecision = z.object({ transactionId: z.string(), amountCents: centsSchema });
const rejected = moneyDecision.extend({ reason: z.string() });

/** The params each type carries (codes and numbers, never sentences). */
export const notificationParamsSchemas = {
  trade_stopped_out: tradeClosed,
  trade_take_profit: tradeClosed,
  trade_term_ended: tradeClosed,
  strategy_paused: strategyEvent,
  strategy_resumed: strategyEvent,
  lead_trader_changed: strategyEvent,
  strategy_retired: strategyEvent,
  deposit_approved: moneyDecision,
  deposit_rejected: rejected,
  withdrawal_paid: moneyDecision.extend({ netCents: centsSchema }),
  withdrawal_rejected: rejected,
  adjustment_posted: moneyDecision.extend({
    bucket: z.enum(ADJUSTMENT_BUCKETS),
    /** Signed: negative takes from the balance. */
    amountCents: centsSchema,
    reason: z.string(),
  }),
  verification_approved: z.object({}),
  /** `document`: the file the reviewer asks to be uploaded again, if one. */
  verification_rejected: z.object({ reason: z.string(), document: z.string().nullable() }),
} as const satisfies Record<NotificationType, z.ZodType>;

export type NotificationParams<T extends NotificationType> = z.infer<
  (typeof notificationParamsSchemas)[T]
>;

/** One alert as created by the server: a type with its params. */
export type NotificationEvent = {
  [T in NotificationType]: { type: T; params: NotificationParams<T> };
}[NotificationType];

/**
 * Types whose e-mail is on unless the user turns it off: the ones that move money, and a strategy's
 * retirement (for good: its copiers' copies stay open and each must choose when to close).
 */
export const EMAIL_ON_BY_DEFAULT: Record<NotificationType, boolean> = {
  trade_stopped_out: true,
  trade_take_profit: true,
  trade_term_ended: true,
  strategy_paused: false,
  strategy_resumed: false,
  lead_trader_changed: false,
  strategy_retired: true,
  deposit_approved: true,
  deposit_rejected: true,
  withdrawal_paid: true,
  withdrawal_rejected: true,
  adjustment_posted: true,
  verification_approved: true,
  verification_rejected: true,
};

/** The languages alerts and their e-mails are written in (the web app's). */
export const NOTIFICATION_LANGUAGES = ['en', 'es', 'de'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

export const notificationSchema = z.discriminatedUnion(
  'type',
  NOTIFICATION_TYPES.map((type) =>
    z.object({
      id: z.string(),
      type: z.literal(type),
      params: notificationParamsSchemas[type],
      createdAt: z.string(),
      readAt: z.string().nullable(),
    }),
  ) as unknown as [
    z.ZodObject<{
      id: z.ZodString;
      type: z.ZodLiteral<NotificationType>;
      params: z.ZodType;
      createdAt: z.ZodString;
      readAt: z.ZodNullable<z.ZodString>;
    }>,
  ],
);
export type Notification = {
  id: string;
  createdAt: string;
  readAt: string | null;
} & NotificationEvent;

export const notificationsQuerySchema = z.object({
  cursor: cursorParam,
  limit: wholeNumberParam(1, 50).default(20),
});

export const notificationPageSchema = cursorPage('notifications', notificationSchema).extend({
  unreadCount: z.number().int(),
});
export type NotificationPage = {
  notifications: Notification[];
  nextCursor: string | null;
  unreadCount: number;
};

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationPreferencesSchema = z.object({
  /** The language of the e-mails (the web app's language when the user last set it). */
  language: z.enum(NOTIFICATION_LANGUAGES),
  /** Per type: whether an e-mail is sent too (the in-app record is always kept). */
  email: z.object(
    Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
      NotificationType,
      z.ZodBoolean
    >,
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z.object({
  language: z.enum(NOTIFICATION_LANGUAGES).optional(),
  email: z
    .object(
      Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [type, z.boolean().optional()]),
      ) as Record<NotificationType, z.ZodOptional<z.ZodBoolean>>,
    )
    .strict()
    .optional(),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;
