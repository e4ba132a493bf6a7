import type { NotificationLanguage, NotificationType } from '@app/shared/schemas/notifications';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { jsonArray } from '../../db/json-array';
import { users } from '../../db/schema';
import { afterCursor, cursorTextOf, type Cursor } from '../../db/keyset';
import {
  notificationEmailPreferences,
  notificationLanguages,
  notifications,
} from './notifications.schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  deleted: boolean;
  language: NotificationLanguage;
  /** The user's own e-mail choices (types without one take the default). */
  emailChoices: Partial<Record<NotificationType, boolean>>;
}

/**
 * Who the users are for an alert's e-mail: address, name, language and e-mail choices (one query),
 * mapped by hand: a stop-loss batch asks for 500 users, and Drizzle's select mapped each field.
 */
export async function recipients(db: DbOrTx, userIds: readonly string[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  // One parameter for the ids: 500 parameters cost Drizzle and pg ~25 us each to build and bind
  // (bench/cascade-profile.ts, issue 43).
  const { rows } = await db.execute<RecipientRow>(sql`
    SELECT ${users.id} AS user_id, ${users.email} AS email, ${users.name} AS name,
      ${users.deletedAt} IS NOT NULL AS deleted,
      coalesce(${notificationLanguages.language}, 'en') AS language,
      (SELECT jsonb_object_agg(p.type, p.email) FROM notification_email_preferences p
       WHERE p.user_id = ${users.id}) AS email_choices
    FROM ${users} LEFT JOIN ${notificationLanguages} ON ${notificationLanguages.userId} = ${users.id}
    WHERE ${users.id} = ANY(${jsonArray('uuid', [...new Set(userIds)])})`);
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    name: row.name,
    deleted: row.deleted,
    language: row.language,
    emailChoices: row.email_choices ?? {},
  }));
}

/** A row of `recipients` as the driver gives it. */
interface RecipientRow extends Record<string, unknown> {
  user_id: string;
  email: string;
  name: string;
  deleted: boolean;
  language: NotificationLanguage;
  email_choices: Partial<Record<NotificationType, boolean>> | null;
}

/** Inserts alerts, however many, in one statement. */
export async function insertNotifications(
  db: DbOrTx,
  rows: {
    userId: string;
    type: NotificationType;
    params: Record<string, unknown>;
    createdAt: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await insertRows(db, notifications, rows);
}

/** A due alert's e-mail to write, as `lockMailDue` reads it. */
export interface MailDueRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  type: NotificationType;
  params: Record<string, unknown>;
}

/**
 * Up to `limit` alerts whose e-mail is due, oldest first, locked for the caller's transaction;
 * those another transaction holds are skipped (it is writing their e-mails).
 */
export async function lockMailDue(db: DbOrTx, limit: number): Promise<MailDueRow[]> {
  const { rows } = await db.execute<MailDueRow>(sql`
    SELECT id, user_id, type, params FROM ${notifications}
    WHERE mail_due ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
  return rows;
}

/** Their e-mails written: the alerts are due no more. */
export async function clearMailDue(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE ${notifications} SET mail_due = false WHERE id = ANY(${jsonArray('uuid', ids)})`);
}

/** One page of a user's alerts, newest first, after `cursor`; `limit` rows at most. */
export async function notificationPage(
  db: DbOrTx,
  userId: string,
  cursor: Cursor | undefined,
  limit: number,
) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      params: notifications.params,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      cursor: cursorTextOf(notifications.createdAt),
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        cursor ? afterCursor(notifications.createdAt, notifications.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks one of the user's alerts read (already read: unchanged); false when the user has no such alert. */
export async function markRead(db: DbOrTx, userId: string, id: string, now: Date) {
  if (!UUID.test(id)) return false;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function preferencesOf(db: DbOrTx, userId: string) {
  const [recipient] = await recipients(db, [userId]);
  return recipient;
}

export async function saveEmailChoices(
  db: DbOrTx,
  userId: string,
  choices: { type: NotificationType; email: boolean }[],
  now: Date,
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationEmailPreferences)
    .values(choices.map((c) => ({ userId, type: c.type, email: c.email, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationEmailPreferences.userId, notificationEmailPreferences.type],
      set: { email: sql`excluded.email`, updatedAt: now },
    });
}

export async function saveLanguage(
  db: DbOrTx,
  userId: string,
  language: NotificationLanguage,
  now: Date,
): Promise<void> {
  await db
    .insert(notificationLanguages)
    .values({ userId, language, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationLanguages.userId,
      set: { language, updatedAt: now },
    });
}
