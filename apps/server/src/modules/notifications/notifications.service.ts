import {
  EMAIL_ON_BY_DEFAULT,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationEvent,
  type NotificationLanguage,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationType,
  type UpdateNotificationPreferences,
} from '@app/shared/schemas/notifications';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { decodeCursor, keysetPage } from '../../db/keyset';
import { refusal } from '../../http/errors';
import { brandOf, enqueueMails } from '../mail';
import { notificationMail } from './notification.mail';
import * as repo from './notifications.repo';

/** An alert for one user: the event's type and params. */
export type Alert = { userId: string } & NotificationEvent;

/** What a caller runs once its transaction commits: each told user's bell refreshes. */
export type Announce = () => void;

function wantsEmail(recipient: repo.Recipient, type: NotificationType): boolean {
  if (recipient.deleted) return false;
  return recipient.emailChoices[type] ?? EMAIL_ON_BY_DEFAULT[type];
}

/**
 * Creates the alerts of one event inside the event's own transaction (so each is created exactly
 * once, and an event that rolls back tells nobody): every in-app record in one statement, and each
 * e-mail the user's choices ask for, in the user's language, queued in the outbox in one statement.
 * Returns what to announce over the socket after the commit.
 */
export async function notifyAll(
  ctx: AppContext,
  tx: Tx,
  alerts: readonly Alert[],
): Promise<Announce> {
  if (alerts.length === 0) return () => {};
  const now = ctx.clock.now();
  const mails = await mailsOf(ctx, tx, alerts);
  await repo.insertNotifications(
    tx,
    alerts.map((a) => ({ userId: a.userId, type: a.type, params: a.params, createdAt: now })),
  );
  await enqueueMails(tx, mails);
  const told = [...new Set(alerts.map((a) => a.userId))];
  return () => {
    for (const userId of told) {
      ctx.realtime.publish(`user:${userId}`, { type: 'notifications.changed' });
    }
    if (mails.length > 0) ctx.mailer.kick();
  };
}

/**
 * The e-mails of `alerts` that their users' choices ask for, each in its user's language (the
 * users read in one query): written once for `notifyAll` and for alerts whose e-mail is due.
 */
async function mailsOf(ctx: AppContext, db: DbOrTx, alerts: readonly Alert[]) {
  const byUser = new Map(
    (
      await repo.recipients(
        db,
        alerts.map((a) => a.userId),
      )
    ).map((r) => [r.userId, r]),
  );
  const brand = brandOf(ctx);
  return alerts.flatMap((alert) => {
    const recipient = byUser.get(alert.userId);
    if (!recipient || !wantsEmail(recipient, alert.type)) return [];
    return [
      {
        to: recipient.email,
        // The alert is its event with a user id, which the e-mail does not read.
        content: notificationMail(brand, recipient.language, recipient.name, alert),
      },
    ];
  });
}

/** Due alerts locked, rendered and cleared per transaction: bounded like a close batch. */
const MAIL_DUE_BATCH = 500;

/**
 * Writes the e-mails of the alerts marked `mail_due` (a scheduled close writes its alerts in SQL
 * and leaves their e-mails to this, after its commit): per batch, one transaction locks the due
 * alerts, queues their e-mails in the outbox and clears them, so each e-mail is queued exactly
 * once, a crash in between leaves them due, and two instances at once take different alerts
 * (SKIP LOCKED). An alert whose user turned that e-mail off (or was deleted) is cleared unmailed.
 * Returns how many alerts it handled.
 */
export async function mailDueAlerts(ctx: AppContext): Promise<number> {
  let handled = 0;
  for (;;) {
    const { count, mailed } = await ctx.db.transaction(async (tx) => {
      const due = await repo.lockMailDue(tx, MAIL_DUE_BATCH);
      // The row is the alert as stored from its event (notifyAll stores the same type and params).
      const alerts = due.map((row) => ({
        userId: row.user_id,
        type: row.type,
        params: row.params,
      }));
      const mails = await mailsOf(ctx, tx, alerts as Alert[]);
      await enqueueMails(tx, mails);
      await repo.clearMailDue(
        tx,
        due.map((row) => row.id),
      );
      return { count: due.length, mailed: mails.length };
    });
    handled += count;
    if (mailed > 0) ctx.mailer.kick();
    // A short batch: none left, or the rest are another caller's.
    if (count < MAIL_DUE_BATCH) return handled;
  }
}

/** One alert for one user (see `notifyAll`). */
export function notify<T extends NotificationEvent>(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  event: T,
): Promise<Announce> {
  return notifyAll(ctx, tx, [{ userId, ...event }]);
}

/** GET /api/notifications: one page of the user's own alerts, newest first, with the unread count. */
export async function notificationsOf(
  ctx: AppContext,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<NotificationPage> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !cursor) throw refusal('INVALID_CURSOR', {}, 'cursor');
  const rows = await repo.notificationPage(ctx.db, userId, cursor, query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => ({
    createdAt: row.cursor,
    id: row.id,
  }));
  return {
    notifications: page.map(
      (row) =>
        ({
          id: row.id,
          type: row.type,
          params: row.params,
          createdAt: row.createdAt.toISOString(),
          readAt: row.readAt?.toISOString() ?? null,
        }) as Notification,
    ),
    nextCursor,
    unreadCount: await repo.unreadCount(ctx.db, userId),
  };
}

export async function unreadCountOf(ctx: AppContext, userId: string) {
  return { unreadCount: await repo.unreadCount(ctx.db, userId) };
}

/** Marks one of the user's own alerts read; another user's (or none) is 404. */
export async function markNotificationRead(ctx: AppContext, userId: string, id: string) {
  const marked = await ctx.db.transaction((tx) => repo.markRead(tx, userId, id, ctx.clock.now()));
  if (!marked) {
    throw refusal('NOTIFICATION_NOT_FOUND');
  }
  announce(ctx, userId);
  return unreadCountOf(ctx, userId);
}

export async function markAllNotificationsRead(ctx: AppContext, userId: string) {
  await ctx.db.transaction((tx) => repo.markAllRead(tx, userId, ctx.clock.now()));
  announce(ctx, userId);
  return unreadCountOf(ctx, userId);
}

/** The user's other screens refresh their bell. */
function announce(ctx: AppContext, userId: string) {
  ctx.realtime.publish(`user:${userId}`, { type: 'notifications.changed' });
}

async function preferencesView(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const recipient = await repo.preferencesOf(db, userId);
  const email = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      recipient?.emailChoices[type] ?? EMAIL_ON_BY_DEFAULT[type],
    ]),
  ) as Record<NotificationType, boolean>;
  return { language: recipient?.language ?? 'en', email };
}

/** The language the user reads e-mail in (their notification language; English by default). */
export async function languageOf(db: DbOrTx, userId: string): Promise<NotificationLanguage> {
  return (await repo.preferencesOf(db, userId))?.language ?? 'en';
}

export function preferencesOf(ctx: AppContext, userId: string) {
  return preferencesView(ctx.db, userId);
}

/** PUT /api/notifications/preferences: the e-mail choices given (others unchanged) and the language. */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  input: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const choices = Object.entries(input.email ?? {})
      .filter((entry): entry is [NotificationType, boolean] => typeof entry[1] === 'boolean')
      .map(([type, email]) => ({ type, email }));
    await repo.saveEmailChoices(tx, userId, choices, now);
    if (input.language) await repo.saveLanguage(tx, userId, input.language, now);
    return preferencesView(tx, userId);
  });
}
