import type { AppContext } from '../../../context';
import { hourlyRetentionJob } from '../../../jobs/retention-sweep';
import type { Job } from '../../../jobs/scheduler';
import { DAY_MS } from '../../market/domain';
import { compactionBounds, startOfUtcDay } from '../domain/nav-history';
import * as recordRepo from './record.repo';

/**
 * Compacts the NAV history to what each age keeps (domain/nav-history.ts) at `now`. `catchUp`
 * goes over the whole history; otherwise only what became old enough lately: the minute points of
 * the last day before the minute horizon, and the hourly closes of the two days before the hourly
 * horizon (a run missed for a day or so is caught up by the next). Returns how many points went.
 */
export async function compactNavHistory(
  ctx: AppContext,
  now: Date,
  catchUp: boolean,
): Promise<number> {
  const { hoursBefore, daysBefore } = compactionBounds(now.getTime());
  if (catchUp) {
    const removed = await recordRepo.compactNavHistory(ctx.db, {
      from: -Infinity,
      hoursBefore,
      daysBefore,
    });
    // A catch-up can remove most of the table at once (a year of minute points): the planner's
    // row estimates follow now, not at autovacuum's next pass. Left stale, one strategy's history
    // was still estimated at 500,000 rows, and its page's two reads of it ran as parallel,
    // JIT-compiled plans: 230 ms instead of 22 (bench scale phase, session 21).
    if (removed > 0) await recordRepo.analyzeNavHistory(ctx.db);
    return removed;
  }
  const days = await recordRepo.compactNavHistory(ctx.db, {
    from: daysBefore - 2 * DAY_MS,
    hoursBefore: daysBefore,
    daysBefore,
  });
  const hours = await recordRepo.compactNavHistory(ctx.db, {
    from: startOfUtcDay(hoursBefore) - DAY_MS,
    hoursBefore,
    daysBefore,
  });
  return days + hours;
}

/**
 * Hourly, on the leader: the compaction above. The first run after this instance starts leading
 * goes over the whole history, so an outage of any length is caught up once.
 */
export function navHistoryCompactionJob(ctx: AppContext): Job {
  let caughtUp = false;
  return hourlyRetentionJob(ctx.log, {
    name: 'strategies.nav-history',
    remove: async (now) => {
      const navPoints = await compactNavHistory(ctx, now, !caughtUp);
      caughtUp = true;
      return { navPoints };
    },
    removedMessage: 'NAV points compacted to the resolution their age keeps',
  });
}
