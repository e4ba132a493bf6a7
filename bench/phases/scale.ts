import os from 'node:os';
import { compactNavHistory } from '../../apps/server/src/modules/copy-trading/strategies/nav-history';
import { auditLedger } from '../../apps/server/src/modules/ledger/ledger.audit';
import { wirePlansIntoCopyTrading } from '../../apps/server/src/modules/plans';
import { fmt, log, record } from '../figures';
import type { PgCluster } from '../lib/pg';
import { productContext } from '../lib/product-context';
import { query } from '../lib/seed';
import {
  crashCascade,
  measureReads,
  measureTicks,
  navRowsPerStrategyYear,
  READS,
  scaleRuntime,
  type ReadTimes,
} from '../lib/scale';
import { buildScaleData, SMALL_SCALE, type ScaleData, type ScaleShape } from '../lib/scale-data';
import { CFG, quick, workers } from '../options';
import { postmasterOf } from './measure';
import type { Databases } from '../run';

/** Ticks timed on each data set (their median is the figure), or as many as fit in the budget. */
const TICKS = { rounds: 10, budgetSeconds: quick ? 60 : 300 };

/**
 * Issue 43: the platform at scale (`--quick`: one tenth) beside a small platform in the same run,
 * each in a database of its own: the tick with nothing crossing, the four reads, the cascade of
 * one strategy's copies through their stops, and the NAV rows kept per strategy.
 */
export async function scalePhase({ cluster, tmp }: Databases): Promise<void> {
  const shape: ScaleShape = CFG.scale;
  // No app is built here: wire plans into copy trading as buildApp does.
  wirePlansIntoCopyTrading();
  const steps = stepTimes();
  const small = await steps.time('build small', () => dataSet(cluster, 'scalesmall', SMALL_SCALE));
  const big = await steps.time('build', () => dataSet(cluster, 'scale', shape));
  record(
    'scale/build-seconds',
    fmt(big.data.buildSeconds, 0),
    `(${describe(shape)}; ${fmt(big.data.bytes / 2 ** 30, 2)} GiB on disk)`,
  );
  record('scale/build-gib', fmt(big.data.bytes / 2 ** 30, 2), JSON.stringify(big.data.rows));
  try {
    // The history as the product keeps it: the compaction job's catch-up over what was built (a
    // year of minute points for the whale, of hourly ones for the others), as the leader's first
    // run of the hourly job does; both sets, so their reads compare.
    await steps.time('compaction small', () => compactNavHistory(small.ctx, new Date(), true));
    const compaction = await steps.time('compaction', () =>
      compactNavHistory(big.ctx, new Date(), true),
    );
    record(
      'scale/nav-compaction-seconds',
      fmt(steps.seconds('compaction'), 1),
      `(catch-up over the built history: ${compaction} points went)`,
    );
    // The build's and compaction's writes flushed before anything is timed: their WAL otherwise
    // set off checkpoints that wrote for minutes through the reads and the cascades (2026-12-01:
    // one from 03:03:32 to 03:06:52, the dashboard summary's p95 4.5 times the small set's).
    await steps.time('checkpoint', () => query(cluster.url('scale'), 'CHECKPOINT'));
    const smallTicks = await steps.time('ticks small', () =>
      ticks(small.ctx, cluster.url('scalesmall'), 'small'),
    );
    const bigTicks = await steps.time('ticks', () => ticks(big.ctx, cluster.url('scale'), 'scale'));
    record(
      'scale/tick-ms',
      fmt(bigTicks.tickAndChecksMs, 0),
      `(median of ${bigTicks.ticks}, to the last stop/take-profit check; the tick function alone ${fmt(bigTicks.tickMs, 0)} ms; target <= 100)`,
    );
    record(
      'scale/tick-ms-over-small',
      fmt(bigTicks.tickAndChecksMs / smallTicks.tickAndChecksMs, 2),
      `(small: ${fmt(smallTicks.tickAndChecksMs, 0)} ms at ${describe(SMALL_SCALE)}; target <= 2)`,
    );

    const limits = quick ? { rounds: 40, seconds: 30 } : { rounds: 60, seconds: 90 };
    log('scale: the reads on the small set, then at scale (a product server on each)');
    const smallReads = await steps.time('reads small', () =>
      measureReads(cluster.url('scalesmall'), 'scalesmall', small.data, tmp, workers, limits, log),
    );
    const bigReads = await steps.time('reads', () =>
      measureReads(cluster.url('scale'), 'scale', big.data, tmp, workers, limits, log),
    );
    for (const read of READS) recordRead(read, smallReads, bigReads);

    log('scale: the cascades (one tick through every stop of one strategy)');
    const runtime = await scaleRuntime(big.ctx);
    const postmaster = postmasterOf(cluster);
    try {
      const whale = await steps.time('cascade', () =>
        crashCascade(
          big.ctx,
          runtime,
          big.data.whale.strategyId,
          'BNBUSDT',
          cluster.url('scale'),
          postmaster,
        ),
      );
      // The whale's alert e-mails are written (alert mails) and go out once its last batch is
      // in; the tenth is timed after them, alone (not beside them, in this same process).
      await steps.time('cascade alerts', async () => {
        await runtime.trading.alertMails.settled();
        await big.ctx.mailer.idle();
      });
      const tenth = await steps.time('cascade tenth', () =>
        crashCascade(
          big.ctx,
          runtime,
          big.data.tenth.strategyId,
          'XRPUSDT',
          cluster.url('scale'),
          postmaster,
        ),
      );
      for (const [name, run] of [
        ['whale', whale],
        ['tenth', tenth],
      ] as const) {
        log(
          `scale: the ${name}'s cascade took ${fmt(run.cpuMs.postgres, 0)} ms of PostgreSQL's CPU and ${fmt(run.cpuMs.process, 0)} ms of this process's in ${fmt(run.seconds, 2)} s ` +
            `(${fmt((run.cpuMs.postgres + run.cpuMs.process) / 1000 / run.seconds, 2)} cores busy of ${os.cpus().length}); where the database time went (to its last close):`,
        );
        logTop(run.top);
        log(
          `scale: the ${name}'s cascade wrote ${fmt(run.wal.megabytes, 0)} MiB of WAL, ` +
            `${run.wal.fullPageImages} full-page images, ${run.wal.checkpoints} checkpoint(s) begun in it, ${run.wal.writes} writes, ${run.wal.syncs} syncs, ${run.wal.buffersFull} times the WAL buffers were full; by relation (records, MiB, of which full-page images):`,
        );
        for (const r of run.wal.relations) {
          log(
            `  ${r.relation.padEnd(40)} ${String(r.records).padStart(9)} ${fmt(r.megabytes, 1).padStart(8)} ${fmt(r.imageMegabytes, 1).padStart(8)}`,
          );
        }
      }
      record(
        'scale/cascade-seconds',
        fmt(whale.seconds, 2),
        `(${whale.copies} copies of one strategy; ${whale.distinctExitNavs} exit NAV(s), must be 1; target <= 10 at 100,000)`,
      );
      record(
        'scale/cascade-alerts-seconds',
        fmt(steps.seconds('cascade alerts'), 1),
        `(the whale's ${whale.copies} alert e-mails written and delivered after its last close; no target)`,
      );
      record(
        'scale/cascade-seconds-tenth',
        fmt(tenth.seconds, 2),
        `(${tenth.copies} copies; ${tenth.distinctExitNavs} exit NAV(s); target <= 1 at 10,000)`,
      );
    } finally {
      await runtime.trading.close();
    }
    record(
      'scale/nav-rows-per-strategy-year',
      fmt(await navRowsPerStrategyYear(big.ctx, big.data.whale.strategyId), 0),
      '(a strategy recorded every minute for a year, after the compaction job; target: a few thousand)',
    );
    const problems = await steps.time('audit', () => auditLedger(big.ctx.db));
    record(
      'scale/audit',
      problems.length === 0 ? 'clean' : `${problems.length} problems`,
      `(${fmt(steps.seconds('audit'), 0)} s)`,
    );
    for (const problem of problems.slice(0, 5)) log(`    ${problem.check}: ${problem.detail}`);
  } finally {
    await small.close();
    await big.close();
    log(`scale: where the phase's time went (s): ${steps.summary()}`);
  }
}

/** Each step's seconds, in the order run: where the phase's run time goes. */
function stepTimes() {
  const seconds = new Map<string, number>();
  return {
    async time<T>(name: string, step: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await step();
      } finally {
        seconds.set(name, (performance.now() - started) / 1000);
      }
    },
    seconds: (name: string) => seconds.get(name) ?? 0,
    summary: () => [...seconds].map(([name, s]) => `${name} ${fmt(s, 0)}`).join(', '),
  };
}

async function dataSet(cluster: PgCluster, name: string, shape: ScaleShape) {
  await cluster.createDatabase(name);
  // The tick's statements are counted in this database (measureTicks).
  await query(cluster.url(name), 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  // The cascades' WAL by relation (crashCascade).
  await query(cluster.url(name), 'CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  const { ctx, close } = await productContext(cluster.url(name), name);
  log(`scale: building ${name} (${describe(shape)})`);
  const data: ScaleData = await buildScaleData(cluster.url(name), shape, log);
  log(
    `scale: ${name} built in ${fmt(data.buildSeconds, 0)} s, ${fmt(data.bytes / 2 ** 30, 2)} GiB: ${JSON.stringify(data.rows)}`,
  );
  return { ctx, close, data };
}

function logTop(top: readonly { calls: number; ms: number; query: string }[]) {
  for (const s of top)
    log(`    ${String(s.calls).padStart(8)} ${String(s.ms).padStart(7)} ms  ${s.query}`);
}

async function ticks(ctx: Parameters<typeof scaleRuntime>[0], dbUrl: string, name: string) {
  const runtime = await scaleRuntime(ctx);
  try {
    const times = await measureTicks(dbUrl, runtime.trading, TICKS);
    log(
      `scale: ${name} tick ${fmt(times.tickMs, 0)} ms, with its checks ${fmt(times.tickAndChecksMs, 0)} ms; where the database time went:`,
    );
    logTop(times.top);
    return times;
  } finally {
    await runtime.trading.close();
  }
}

function recordRead(read: keyof ReadTimes, small: ReadTimes, big: ReadTimes) {
  const name = {
    directory: 'directory',
    strategyPage: 'strategy-page',
    dashboardSummary: 'dashboard-summary',
    adminOverview: 'admin-overview',
  }[read];
  record(
    `scale/${name}-p95-over-small`,
    fmt(big[read] / small[read], 2),
    `(${fmt(small[read], 1)} -> ${fmt(big[read], 1)} ms; target <= 1.5)`,
  );
}

const describe = (shape: ScaleShape) =>
  `${shape.users} users, ${shape.strategies} strategies, ${shape.copies} copies, ${shape.transactions} transactions`;
