/**
 * Outgoing mail: the templates, the outbox a transaction queues into, and the mailer that delivers
 * it (over SMTP, or to the development mailbox).
 */
export { outboxRoutes } from './outbox.routes';
export { brandOf, enqueueMail, enqueueMails, mailInsertStatement } from './mail.service';
export {
  composeMail,
  composeSecretMail,
  linkWithSecret,
  mailTemplates,
  sealMail,
  secret,
  type Brand,
  type MailBody,
  type MailContent,
  type SecretLink,
  type SecretMail,
} from './templates';
export { createMailer } from './mailer';
export { mailboxDir, readMailbox, type MailboxMessage } from './mailbox';
