import { readMailbox, type MailboxMessage } from '../src/modules/mail/mailbox';
import type { TestApp } from './harness';

/**
 * What a recipient received: without SMTP the server writes each message to its development
 * mailbox (DATA_DIR/mailbox; a temporary directory per test app). The newest message of a template
 * to an address.
 */
export async function latestMailboxMail(
  t: TestApp,
  to: string,
  template: string,
): Promise<MailboxMessage> {
  await t.ctx.mailer.idle();
  t.ctx.mailer.kick();
  await t.ctx.mailer.idle();
  const found = (await readMailbox(t.mailbox)).filter(
    (mail) => mail.to === to && mail.template === template,
  );
  const last = found[found.length - 1];
  if (!last) throw new Error(`no ${template} e-mail to ${to} in the mailbox`);
  return last;
}

/** Every link in a text. */
export function linksIn(text: string): URL[] {
  return [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => new URL(match[0]));
}

export function linkIn(mail: { text: string }): URL {
  const [link] = linksIn(mail.text);
  if (!link) throw new Error('no link in the e-mail');
  return link;
}
