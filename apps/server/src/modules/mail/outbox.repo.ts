import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox, type MailRow } from '../../db/schema';
import type { MailContent } from './templates';

/** Queues a message inside the caller's transaction; it is delivered only if that commits. */
export async function enqueueMail(db: DbOrTx, to: string, content: MailContent): Promise<void> {
  await enqueueMails(db, [{ to, content }]);
}

/** Queues several messages in one statement (same rules as `enqueueMail`). */
export async function enqueueMails(
  db: DbOrTx,
  mails: { to: string; content: MailContent }[],
): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(mails.map(({ to, content }) => mailRow(to, content)));
}

/** The outbox row of a message (for a caller that queues it inside a larger statement). */
export function mailRow(to: string, content: MailContent): typeof mailOutbox.$inferInsert {
  return {
    toAddress: to,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    template: content.template,
  };
}

/** The oldest deliverable messages, locked; SKIP LOCKED lets several instances deliver side by side. */
const pendingIds = (limit: number) => sql`
  SELECT id FROM mail_outbox WHERE status = 'pending' AND attempts < 5
  ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`;

/** Claims a batch of pending messages (counting the attempt), in one statement. */
export async function claimPending(db: DbOrTx, limit: number): Promise<MailRow[]> {
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1` })
    .where(sql`${mailOutbox.id} IN (${pendingIds(limit)})`)
    .returning();
}

/**
 * Without SMTP: claims a batch and marks it captured in one statement (nothing can fail between
 * the two). Returns how many were captured.
 */
export async function capturePending(db: DbOrTx, limit: number, now: Date): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      status: 'captured',
      sentAt: now,
      lastError: null,
    })
    .where(sql`${mailOutbox.id} IN (${pendingIds(limit)})`)
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Marks messages the SMTP server accepted (captured ones are marked by capturePending). */
export async function markSent(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(inArray(mailOutbox.id, ids));
}

export async function markFailed(
  db: DbOrTx,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: final ? 'failed' : 'pending', lastError: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}

export interface OutboxPage {
  items: MailRow[];
  nextCursor: string | null;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listOutbox(
  db: DbOrTx,
  options: { limit: number; before?: Date },
): Promise<OutboxPage> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(options.before ? lt(mailOutbox.createdAt, options.before) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > options.limit && last ? last.createdAt.toISOString() : null,
  };
}

export async function findMailTo(db: DbOrTx, to: string, template: string): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.createdAt));
}
