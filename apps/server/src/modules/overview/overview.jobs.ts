import type { AppContext } from '../../context';
import type { Job } from '../../jobs/scheduler';
import { foldOverviewFigures } from './overview.service';

/** Every minute, on the leader: the kept figures' delta rows folded (overview.service). */
export function overviewFiguresFoldJob(ctx: AppContext): Job {
  return {
    name: 'overview.fold-figures',
    everyMs: 60_000,
    run: async (now) => {
      const removed = await foldOverviewFigures(ctx, now);
      if (removed > 0) ctx.log.debug({ removed }, 'overview figures folded');
    },
  };
}
