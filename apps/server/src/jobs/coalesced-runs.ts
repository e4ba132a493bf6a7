import type { Logger } from 'pino';
import { outsideTransactionGuards } from '../db/transaction-guard';

/** A background run started by kicks (the mail outbox's delivery, the alerts' e-mails). */
export interface CoalescedRuns {
  kick: () => void;
  /** Resolves when no run is going and none is owed (tests, shutdown). */
  idle: () => Promise<void>;
}

/**
 * One run at a time: a kick during a run asks for one more run after it (not one per kick: the run
 * may have read before the kicker's rows committed), and a kick starts a run only after
 * `coalesceMs`, so that a burst of kicks shares it. A failed run is logged as `errorMessage`; what
 * it left is taken by the next kick.
 */
export function coalescedRuns(
  run: () => Promise<unknown>,
  options: { coalesceMs: number; log: Logger; errorMessage: string },
): CoalescedRuns {
  let running: Promise<void> | null = null;
  let again = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      await run();
    } while (again);
  }

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    // The run is the server's, not the kicker's: kicked from a request, it must not carry the
    // request's check of its actor into the worker's transactions.
    running = outsideTransactionGuards(() =>
      new Promise((resolve) => setTimeout(resolve, options.coalesceMs))
        .then(drain)
        .catch((error: unknown) => options.log.error({ err: error }, options.errorMessage))
        .finally(() => {
          running = null;
        }),
    );
  }

  return {
    kick,
    idle: async (): Promise<void> => {
      while (running) await running;
    },
  };
}
