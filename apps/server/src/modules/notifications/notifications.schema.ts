import { sql } from 'drizzle-orm';
import { NOTIFICATION_LANGUAGES, NOTIFICATION_TYPES } from '@app/shared/schemas/notifications';
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notifications = pgTable('notifications', {
  id: uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`),
  userId: uuid('user_id').notNull(),
  type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
  params: jsonb('params').notNull().$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull().defaultNow(),
  readAt: at('read_at'),
});
export type NotificationRow = typeof notifications.$inferSelect;

export const notificationEmailPreferences = pgTable(
  'notification_email_preferences',
  {
    userId: uuid('user_id').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const notificationLanguages = pgTable('notification_languages', {
  userId: uuid('user_id').primaryKey(),
  language: text('language', { enum: NOTIFICATION_LANGUAGES }).notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
