import type { z } from 'zod';
import type { contactMessageListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { decodeCursor, keysetPage } from '../../db/keyset';
import { refusal } from '../../http/errors';
import { brandOf, enqueueMail } from '../mail';
import { mailTemplates } from '../mail';
import * as repo from './contact.repo';

/** Stores the message and e-mails it to the support address (through the outbox). */
export async function submitContactMessage(
  ctx: AppContext,
  input: { name: string; email: string; message: string },
  userId: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.insertContactMessage(tx, { ...input, userId });
    await enqueueMail(
      tx,
      ctx.config.supportEmail,
      mailTemplates.contactToSupport(
        brandOf(ctx),
        { name: input.name, email: input.email },
        input.message,
      ),
    );
  });
  ctx.mailer.kick();
}

/** /api/admin/messages: one page, newest first, and the cursor of the next page. */
export async function listContactMessages(
  ctx: AppContext,
  query: { cursor?: string | undefined; limit: number },
): Promise<z.infer<typeof contactMessageListSchema>> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !after) throw refusal('INVALID_CURSOR', {}, 'cursor');
  const { limit } = query;
  const rows = await repo.listContactMessages(ctx.db, after, limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, (row) => ({
    createdAt: row.cursorAt,
    id: row.message.id,
  }));
  return {
    messages: page.map(({ message }) => ({
      ...message,
      createdAt: message.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** The messages a signed-in user sent to support (never anyone else's). */
export async function supportMessagesOf(ctx: AppContext, userId: string) {
  const rows = await repo.messagesOfUser(ctx.db, userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
}
