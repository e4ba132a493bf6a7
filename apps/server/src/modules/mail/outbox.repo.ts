import { and, desc, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
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
  await insertRows(
    db,
    mailOutbox,
    mails.map(({ to, content }) => mailRow(to, content)),
  );
}

/**
 * The outbox row of a message (for a caller that queues it inside a larger statement). The stored
 * body is the one staff may read; a secret mail arrives here only sealed (see templates.ts).
 */
export function mailRow(to: string, content: MailContent): typeof mailOutbox.$inferInsert {
  if ('revealed' in content) throw new Error('a mail with secret parts must be sealed (sealMail)');
  return {
    toAddress: to,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    sealedBody: content.sealedBody ?? null,
    template: content.template,
  };
}

/**
 * The statement queueing one message, for a caller that runs it inside a larger statement (a
 * data-modifying WITH) so the message and its cause are stored atomically in one round trip.
 */
export function mailInsert(to: string, content: MailContent): SQL {
  const row = mailRow(to, content);
  return sql`INSERT INTO mail_outbox (to_address, subject, text_body, html_body, sealed_body, template)
    VALUES (${row.toAddress}, ${row.subject}, ${row.textBody}, ${row.htmlBody},
            ${row.sealedBody ?? null}, ${row.template})`;
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
 * Marks delivered messages: `sent` (accepted by SMTP) or `captured` (written to the development
 * mailbox). The sealed recipient's copy is deleted in the same statement.
 */
export async function markDelivered(
  db: DbOrTx,
  ids: string[],
  status: 'sent' | 'captured',
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status, sentAt: now, lastError: null, sealedBody: null })
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
    .set({
      status: final ? 'failed' : 'pending',
      lastError: error.slice(0, 500),
      // A message given up on keeps no recipient's copy.
      ...(final ? { sealedBody: null } : {}),
    })
    .where(eq(mailOutbox.id, id));
}

/** The outbox as staff see it: every column but the sealed recipient's copy. */
const { sealedBody: _sealed, ...staffColumns } = getTableColumns(mailOutbox);
export type StaffMailRow = Omit<MailRow, 'sealedBody'>;

export interface OutboxPage {
  items: StaffMailRow[];
  nextCursor: string | null;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listOutbox(
  db: DbOrTx,
  options: { limit: number; before?: Date },
): Promise<OutboxPage> {
  const rows = await db
    .select(staffColumns)
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
