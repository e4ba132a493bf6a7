import type { Logger } from 'pino';
import type { Job } from './scheduler';

const HOUR_MS = 3600_000;

/**
 * Every hour, deletes what is kept past its retention and logs how much of each kind went, when
 * anything did.
 */
export function hourlyRetentionJob(
  log: Logger,
  sweep: {
    name: string;
    /** Deletes what is past retention at `now`; returns how many went, by kind. */
    remove: (now: Date) => Promise<Record<string, number>>;
    /** The log line when some went, e.g. 'idempotency keys past retention'. */
    removedMessage: string;
  },
): Job {
  return {
    name: sweep.name,
    everyMs: HOUR_MS,
    run: async (now) => {
      const removed = await sweep.remove(now);
      if (Object.values(removed).some((count) => count > 0))
        log.info(removed, sweep.removedMessage);
    },
  };
}
