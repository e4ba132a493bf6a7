import { timestamptz, uuidV7Key } from '../../db/columns';
import { NOTIFICATION_LANGUAGES, NOTIFICATION_TYPES } from '@app/shared/schemas/notifications';
import { boolean, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

export const notifications = pgTable('notifications', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
  params: jsonb('params').notNull().$type<Record<string, unknown>>(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  readAt: timestamptz('read_at'),
  /** Its e-mail is still to be written (alert-mails.ts): set by a close, cleared once it is. */
  mailDue: boolean('mail_due').notNull().default(false),
});
export type NotificationRow = typeof notifications.$inferSelect;

export const notificationEmailPreferences = pgTable(
  'notification_email_preferences',
  {
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const notificationLanguages = pgTable('notification_languages', {
  userId: uuid('user_id').primaryKey(),
  language: text('language', { enum: NOTIFICATION_LANGUAGES }).notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
