import type { Logger } from 'pino';
import type { Job } from './scheduler';

/**
 * Every `graceMs`, deletes the stored files that no row points at and are `graceMs` old or more
 * (a crash between writing a file and saving its row leaves one), and logs how many went.
 */
export function orphanFileSweepJob(
  log: Logger,
  sweep: {
    name: string;
    graceMs: number;
    /** Deletes the orphans `graceMs` old or more at `now`; returns their names. */
    remove: (now: Date, graceMs: number) => Promise<string[]>;
    /** The log line when some went, e.g. 'orphan avatar files removed'. */
    removedMessage: string;
  },
): Job {
  return {
    name: sweep.name,
    everyMs: sweep.graceMs,
    run: async (now) => {
      const removed = await sweep.remove(now, sweep.graceMs);
      if (removed.length > 0) log.info({ removed: removed.length }, sweep.removedMessage);
    },
  };
}
