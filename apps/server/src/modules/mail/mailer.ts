import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { claimPending, markDelivered, markFailed } from './outbox.repo';

export interface Mailer {
  /** Delivers what is pending now (call after a transaction that queued mail commits). */
  kick: () => void;
  /** Resolves when no delivery is running; tests use it to read the outbox deterministically. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

const MAX_ATTEMPTS = 5;

/**
 * Delivers the outbox: over SMTP when SMTP_URL is set, otherwise each message is marked
 * `captured` and admins read it at /admin/outbox. A timer retries what failed or was left behind
 * by a crash.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl?: string; from: string; log: Logger; pollMs?: number },
): Mailer {
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  let running: Promise<void> | null = null;
  let again = false;

  async function deliverBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const batch = await claimPending(tx, 20);
      for (const mail of batch) {
        if (!transport) {
          await markDelivered(tx, mail.id, 'captured');
          continue;
        }
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
          });
          await markDelivered(tx, mail.id, 'sent');
        } catch (error) {
          options.log.warn(
            { mailId: mail.id, err: (error as Error).message },
            'mail delivery failed',
          );
          await markFailed(tx, mail.id, (error as Error).message, mail.attempts >= MAX_ATTEMPTS);
        }
      }
      return batch.length;
    });
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      while ((await deliverBatch()) > 0) {
        /* keep going while there is work */
      }
    } while (again);
  }

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => options.log.error({ err: error }, 'mail outbox error'))
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(kick, options.pollMs ?? 10_000);
  timer.unref();

  return {
    kick,
    idle: async () => {
      while (running) await running;
    },
    close: async () => {
      clearInterval(timer);
      while (running) await running;
      transport?.close();
    },
  };
}
