import { fmt, log, record } from '../figures';
import { runCascade } from '../lib/cascade';
import type { Databases } from '../run';
import { CFG } from '../options';

/** A crash tick through the stop-losses of many copies of one strategy, on its own database. */
export async function cascadePhase({ cluster }: Databases): Promise<void> {
  await cluster.createDatabase('cascade');
  log(`cascade: ${CFG.cascadeCopies} copies of one strategy, one tick through every stop`);
  const cascade = await runCascade(cluster.url('cascade'), CFG.cascadeCopies, log);
  record('cascade/copies', String(cascade.copies));
  record('cascade/seconds', fmt(cascade.seconds, 2), '(from the crash tick to the last close)');
  record('cascade/distinct-exit-navs', String(cascade.distinctExitNavs), 'must be 1');
  record(
    'cascade/tick-lag-ms',
    fmt(cascade.tickLagMaxMs, 0),
    `(worst of ${cascade.ticksDuring} 1-second ticks during the cascade)`,
  );
  record(
    'cascade/audit',
    cascade.auditProblems === 0 ? 'clean' : `${cascade.auditProblems} problems`,
  );
}
