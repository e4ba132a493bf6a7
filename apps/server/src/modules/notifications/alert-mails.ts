import type { AppContext } from '../../context';
import { coalescedRuns } from '../../jobs/coalesced-runs';
import { mailDueAlerts } from './notifications.service';

/** Writes the e-mails of due alerts (`mailDueAlerts`) in the background, when kicked. */
export interface AlertMails {
  /** Alerts may be due (a close batch committed, or the instance started): write their e-mails. */
  kick(): void;
  /** Resolves when no run is going and none is owed (tests, shutdown). */
  settled(): Promise<void>;
}

/**
 * One run at a time, kicks while busy coalescing into one more run (coalescedRuns, as the mail
 * outbox's delivery). A failed run is logged and its alerts stay due for the next kick.
 */
export function createAlertMails(ctx: AppContext): AlertMails {
  const runner = coalescedRuns(() => mailDueAlerts(ctx), {
    coalesceMs: 0,
    log: ctx.log,
    errorMessage: 'alert e-mails failed',
  });
  return { kick: runner.kick, settled: runner.idle };
}
