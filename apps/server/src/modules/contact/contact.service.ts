import type { AppContext } from '../../context';
import { contactMessages } from '../../db/schema';
import { enqueueMail } from '../mail/outbox.repo';
import { mailTemplates } from '../mail/templates';

/** Stores the message and e-mails it to the support address (through the outbox). */
export async function submitContactMessage(
  ctx: AppContext,
  input: { name: string; email: string; message: string },
  userId: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ ...input, userId });
    await enqueueMail(
      tx,
      ctx.config.supportEmail,
      mailTemplates.contactToSupport(
        { name: ctx.config.brandName, publicUrl: ctx.config.publicUrl },
        { name: input.name, email: input.email },
        input.message,
      ),
    );
  });
  ctx.mailer.kick();
}
