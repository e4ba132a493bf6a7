import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import * as outbox from './outbox.repo';
import type { Brand, MailContent } from './templates';

/**
 * Queues a message inside the caller's transaction; it is delivered only if that commits. Every
 * module sends mail through here (the mail module owns the outbox).
 */
export function enqueueMail(db: DbOrTx, to: string, content: MailContent): Promise<void> {
  return outbox.enqueueMail(db, to, content);
}

/** Queues several messages in one statement (same rules as `enqueueMail`). */
export function enqueueMails(
  db: DbOrTx,
  mails: { to: string; content: MailContent }[],
): Promise<void> {
  return outbox.enqueueMails(db, mails);
}

/**
 * The statement that queues one message, for another module's repo to run inside its own
 * statement (the message and its cause stored atomically in one round trip). The outbox's SQL
 * stays here; the caller only embeds it.
 */
export function mailInsertStatement(to: string, content: MailContent): SQL {
  return outbox.mailInsert(to, content);
}

/** /admin/outbox: one page of queued e-mails (the redacted copies), newest first. */
export async function outboxPage(ctx: AppContext, query: { limit: number; before?: Date }) {
  const page = await outbox.listOutbox(ctx.db, query);
  return {
    items: page.items.map((mail) => ({
      id: mail.id,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      template: mail.template,
      status: mail.status,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
    nextCursor: page.nextCursor,
  };
}

/** The brand every e-mail is written under: the operator's name and the site's public address. */
export function brandOf(ctx: AppContext): Brand {
  return { name: ctx.config.brandName, publicUrl: ctx.config.publicUrl };
}
