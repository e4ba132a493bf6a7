import type { AppContext } from '../../context';
import { mailDueAlerts } from './notifications.service';

/** Writes the e-mails of due alerts (`mailDueAlerts`) in the background, when kicked. */
export interface AlertMails {
  /** Alerts may be due (a close batch committed, or the instance started): write their e-mails. */
  kick(): void;
  /** Resolves when no run is going and none is owed (tests, shutdown). */
  settled(): Promise<void>;
}

/**
 * One run at a time; a kick during a run runs it again after it (the run may have read before the
 * kicker's alerts committed), so kicks while busy coalesce into one more run. A failed run is
 * logged and its alerts stay due for the next kick.
 */
export function createAlertMails(ctx: AppContext): AlertMails {
  let running: Promise<void> | null = null;
  let owed = false;

  const kick = () => {
    if (running) {
      owed = true;
      return;
    }
    owed = false;
    running = mailDueAlerts(ctx)
      .then(() => {})
      .catch((error: unknown) => ctx.log.error({ err: error }, 'alert e-mails failed'))
      .finally(() => {
        running = null;
        if (owed) kick();
      });
  };

  return {
    kick,
    async settled() {
      while (running) await running;
    },
  };
}
