/**
 * What the `scale` phase measures on a data set of lib/scale-data.ts, through the product's public
 * faces only: the copy-trading runtime's tick (in this process, on the scripted market, as the
 * cascade phase drives it) and the HTTP reads of a product server started on the data set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_RETURN_WINDOW } from '@app/shared/return-windows';
import { systemClock, type AppContext } from '../../apps/server/src/context';
import {
  createScriptedSource,
  SCRIPTED_START_PRICES,
  type ScriptedSource,
} from '../../apps/server/src/modules/market/adapters/scripted';
import {
  startCopyTrading,
  type CopyTrading,
} from '../../apps/server/src/modules/copy-trading/copy-trading.runtime';
import { ApiClient, keepAliveAgent, percentile } from './http';
import { ownCpuMs, treeWithEndedCpuMs } from './cpu';
import { freePort } from './pg';
import { log } from '../figures';
import { query } from './seed';
import { startServer } from './server';
import type { ScaleData } from './scale-data';

/** The runtime on the scripted market at its start prices (no copy of the data set crosses). */
export async function scaleRuntime(
  ctx: AppContext,
): Promise<{ trading: CopyTrading; market: ScriptedSource }> {
  const market = createScriptedSource(systemClock);
  const trading = await startCopyTrading(ctx, null, { backfillDays: 1 }, market);
  return { trading, market };
}

export interface TickTimes {
  /** Median ms of the tick function itself (quotes, NAVs, hand-over to the closes). */
  tickMs: number;
  /** Median ms from the tick's start until the closes it handed over are worked off. */
  tickAndChecksMs: number;
  ticks: number;
  /** Statements the database spent most time on during the ticks (pg_stat_statements). */
  top: { calls: number; ms: number; query: string }[];
}

/**
 * Ticks one after the other, each waited for until the stop-loss and take-profit checks it handed
 * over are done (nothing crosses: they close nothing): `rounds` of them, or as many as fit in
 * `budgetSeconds` (at least one; today a tick at scale checks every strategy and takes minutes).
 * The first tick is a warm-up.
 */
export async function measureTicks(
  dbUrl: string,
  trading: CopyTrading,
  limits: { rounds: number; budgetSeconds: number },
): Promise<TickTimes> {
  await trading.tick(new Date());
  await trading.closes.settled();
  await query(dbUrl, 'SELECT pg_stat_statements_reset()');
  const tick: number[] = [];
  const whole: number[] = [];
  const end = performance.now() + limits.budgetSeconds * 1000;
  while (tick.length < limits.rounds && (tick.length === 0 || performance.now() < end)) {
    const started = performance.now();
    await trading.tick(new Date());
    tick.push(performance.now() - started);
    await trading.closes.settled();
    whole.push(performance.now() - started);
  }
  return {
    tickMs: median(tick),
    tickAndChecksMs: median(whole),
    ticks: tick.length,
    top: await topStatements(dbUrl),
  };
}

/** The 8 statements of this database with the most time since the last reset. */
async function topStatements(dbUrl: string): Promise<TickTimes['top']> {
  const top = await query<{ calls: string; ms: string; query: string }>(
    dbUrl,
    `SELECT calls::text, round(total_exec_time)::text AS ms,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS query
     FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
     ORDER BY total_exec_time DESC LIMIT 8`,
  );
  return top.map((s) => ({ calls: Number(s.calls), ms: Number(s.ms), query: s.query }));
}

export interface CascadeRun {
  copies: number;
  seconds: number;
  distinctExitNavs: number;
  /** Statements the database spent most time on from the crash to the last close. */
  top: TickTimes['top'];
  /** What the cluster wrote to its WAL over the cascade, and the checkpoints that ran in it. */
  wal: WalWritten;
  /**
   * CPU milliseconds over the cascade of PostgreSQL (the cluster's processes) and of this process
   * (the product's closes run in it): against two cores for `seconds`, whether the cascade waits
   * for the CPU or for something else.
   */
  cpuMs: { postgres: number; process: number };
}

/** The cluster's WAL and checkpoint counters (PostgreSQL 15: pg_stat_wal, pg_stat_bgwriter). */
export interface WalCounters {
  /** Where the WAL stood (pg_current_wal_lsn). */
  lsn: string;
  megabytes: number;
  /** Full-page images: a page's first change after a checkpoint writes the whole page. */
  fullPageImages: number;
  checkpoints: number;
  /** Times a backend found the WAL buffers full and wrote them out itself. */
  buffersFull: number;
  /** WAL writes and syncs (each sync is a commit's wait for the disk, or a full buffer's). */
  writes: number;
  syncs: number;
}

/** What a cascade wrote to the WAL: the counters' growth, and the relations that wrote most. */
export interface WalWritten extends Omit<WalCounters, 'lsn'> {
  /** The relations whose pages took most WAL, full-page images apart (pg_walinspect). */
  relations: { relation: string; records: number; megabytes: number; imageMegabytes: number }[];
}

async function walCounters(dbUrl: string): Promise<WalCounters> {
  const [row] = await query<{
    lsn: string;
    bytes: string;
    fpi: string;
    checkpoints: string;
    full: string;
    writes: string;
    syncs: string;
  }>(
    dbUrl,
    `SELECT pg_current_wal_lsn()::text AS lsn, w.wal_bytes::text AS bytes, w.wal_fpi::text AS fpi,
            (b.checkpoints_timed + b.checkpoints_req)::text AS checkpoints,
            w.wal_buffers_full::text AS full, w.wal_write::text AS writes, w.wal_sync::text AS syncs
     FROM pg_stat_wal w, pg_stat_bgwriter b`,
  );
  return {
    lsn: row?.lsn ?? '0/0',
    megabytes: Number(row?.bytes) / 2 ** 20,
    fullPageImages: Number(row?.fpi),
    checkpoints: Number(row?.checkpoints),
    buffersFull: Number(row?.full),
    writes: Number(row?.writes),
    syncs: Number(row?.syncs),
  };
}

/**
 * The counters' growth from `before` to `after`, and the WAL between them by relation: each
 * record's length goes to the relation of its first block (an index insert's leaf, a heap
 * insert's page), and its full-page images apart.
 */
async function walSince(
  dbUrl: string,
  before: WalCounters,
  after: WalCounters,
): Promise<WalWritten> {
  // Its segments are kept (wal_keep_size); should one be gone, the counters still say enough.
  const relations = await query<{
    relation: string;
    records: string;
    mb: string;
    image_mb: string;
  }>(
    dbUrl,
    `SELECT coalesce(pg_filenode_relation(0, r.node::oid)::text, 'filenode ' || r.node) AS relation,
            count(*)::text AS records,
            round(sum(w.record_length) / 1048576.0, 1)::text AS mb,
            round(sum(w.fpi_length) / 1048576.0, 1)::text AS image_mb
     FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn) w
     CROSS JOIN LATERAL (SELECT (regexp_match(w.block_ref, 'rel [0-9]+/[0-9]+/([0-9]+)'))[1] AS node) r
     WHERE r.node IS NOT NULL
     GROUP BY r.node ORDER BY sum(w.record_length) DESC LIMIT 8`,
    [before.lsn, after.lsn],
  ).catch((error: unknown) => {
    log(`scale: the cascade's WAL could not be read back: ${String(error)}`);
    return [];
  });
  return {
    megabytes: after.megabytes - before.megabytes,
    fullPageImages: after.fullPageImages - before.fullPageImages,
    checkpoints: after.checkpoints - before.checkpoints,
    buffersFull: after.buffersFull - before.buffersFull,
    writes: after.writes - before.writes,
    syncs: after.syncs - before.syncs,
    relations: relations.map((r) => ({
      relation: r.relation,
      records: Number(r.records),
      megabytes: Number(r.mb),
      imageMegabytes: Number(r.image_mb),
    })),
  };
}

/**
 * One tick takes `symbol` to half its price: every open copy of `strategyId` (the only strategy
 * holding it) crosses its stop-loss. Seconds from that tick until the last of them is closed.
 */
export async function crashCascade(
  ctx: AppContext,
  { trading, market }: { trading: CopyTrading; market: ScriptedSource },
  strategyId: string,
  symbol: 'BNBUSDT' | 'XRPUSDT',
  dbUrl: string,
  postmaster: number,
): Promise<CascadeRun> {
  const openOf = async () => {
    const result = await ctx.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM trades WHERE strategy_id = ${strategyId} AND status = 'open'`,
    );
    return Number(result.rows[0]?.n);
  };
  const copies = await openOf();
  // Only this crash's closes count: the reads' product servers ran their own market on this
  // database before, and may have stopped out copies at other NAVs then.
  const crashedAt = new Date();
  await query(dbUrl, 'SELECT pg_stat_statements_reset()');
  const walBefore = await walCounters(dbUrl);
  market.set({ [symbol]: (Number(SCRIPTED_START_PRICES[symbol]) / 2).toFixed(4) });
  const cpuFrom = { postgres: treeWithEndedCpuMs(postmaster), process: ownCpuMs() };
  const started = performance.now();
  await trading.tick(new Date());
  // Until its last copy is closed (the closes also check every other strategy meanwhile); if the
  // closes went idle with copies left open, the next tick hands them over again. Counted only when
  // they are idle: a count of the whale's open copies costs ~9 ms of the database's time, and
  // counting every 100 ms took 1.75 s of it over a 21 s cascade (2026-11-30).
  for (;;) {
    await trading.closes.settled();
    if ((await openOf()) === 0) break;
    await trading.tick(new Date());
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = {
    postgres: treeWithEndedCpuMs(postmaster) - cpuFrom.postgres,
    process: ownCpuMs() - cpuFrom.process,
  };
  const walAfter = await walCounters(dbUrl);
  const top = await topStatements(dbUrl);
  const wal = await walSince(dbUrl, walBefore, walAfter);
  market.set({ [symbol]: SCRIPTED_START_PRICES[symbol] });
  const navs = await ctx.db.execute<{ n: string }>(
    sql`SELECT count(DISTINCT exit_nav) AS n FROM trades
        WHERE strategy_id = ${strategyId} AND close_reason = 'stop_loss'
          AND closed_at >= ${crashedAt.toISOString()}::timestamptz`,
  );
  return { copies, seconds, distinctExitNavs: Number(navs.rows[0]?.n), top, wal, cpuMs };
}

/** How long each read is asked, untimed, before it is timed (see measureReads). */
const WARM_UP_MS = 3000;

/** The reads the issue names, each one request at a time: p95 ms. */
export interface ReadTimes {
  directory: number;
  strategyPage: number;
  dashboardSummary: number;
  adminOverview: number;
}
export const READS: readonly (keyof ReadTimes)[] = [
  'directory',
  'strategyPage',
  'dashboardSummary',
  'adminOverview',
];

/** The directory's first page in its default order (the paged API: sort, window, limit). */
export const DIRECTORY_FIRST_PAGE = `/api/strategies/directory?${new URLSearchParams({
  sort: 'return',
  window: DEFAULT_RETURN_WINDOW,
  limit: '20',
}).toString()}`;

/**
 * Starts the product on the data set's database, signs in its admin (the name `productContext`
 * seeded it under) and the data set's investor, and times each read: at most `rounds` requests
 * or `seconds` each, after WARM_UP_MS of warm-up requests.
 *
 * The server's market quotes the scripted start prices and nothing else (MARKET_SCRIPT_FILE), so
 * its own ticks move no price and no NAV of the data set, and stop out no copy before the bench's
 * cascades: a simulated market, even around those prices, wandered far enough to close some.
 * MARKET_SCRIPT_FILE is refused in production mode, so these servers run in development mode,
 * with the development chain off; nothing else in the server reads NODE_ENV (config.ts).
 */
export async function measureReads(
  dbUrl: string,
  name: string,
  data: ScaleData,
  tmp: string,
  workers: number,
  limits: { rounds: number; seconds: number },
  log: (line: string) => void,
): Promise<ReadTimes> {
  const port = await freePort();
  const script = path.join(tmp, `${name}-market.json`);
  fs.writeFileSync(script, JSON.stringify(SCRIPTED_START_PRICES));
  const server = await startServer({
    databaseUrl: dbUrl,
    port,
    dataDir: path.join(tmp, `${name}-data`),
    logFile: path.join(tmp, `${name}-server.log`),
    env: {
      WEB_CONCURRENCY: String(workers),
      NODE_ENV: 'development',
      MARKET_SCRIPT_FILE: script,
      CHAIN_RAILS: 'off',
      ADMIN_EMAIL: `${name}-admin@bench.local`,
      ADMIN_PASSWORD: `${name}-admin-password-1`,
    },
    readyTimeoutMs: 600_000,
  });
  try {
    const agent = keepAliveAgent(4);
    const admin = new ApiClient(server.baseUrl, undefined, agent, 600_000);
    await admin.loginAdmin(`${name}-admin@bench.local`, `${name}-admin-password-1`);
    // The investor's session was opened when the data set was built, maybe longer ago than the
    // product's idle limit (the run at one tenth lost it after 30 minutes of reads): used now.
    await query(dbUrl, 'UPDATE sessions SET last_seen_at = now() WHERE user_id = $1', [
      data.investor.id,
    ]);
    const investor = new ApiClient(server.baseUrl, data.investor.sid, agent, 600_000);
    const anyone = new ApiClient(server.baseUrl, undefined, agent, 600_000);
    const reads: Record<keyof ReadTimes, () => Promise<number>> = {
      directory: () => timed(anyone, DIRECTORY_FIRST_PAGE),
      strategyPage: () => timed(anyone, `/api/strategies/${data.whale.strategyId}/record`),
      dashboardSummary: () => timed(investor, '/api/account/summary'),
      adminOverview: () => timed(admin, '/api/admin/overview'),
    };
    // Each read's first requests after start-up are warm-up, not timed: the code is not compiled
    // yet and the server is taking its first ticks (at scale its first tick reads every strategy's
    // state once, ~0.2 s at 10,000). The figure is about a read's growth with the data, so both
    // servers are timed warm; the warm-up's p95 is logged beside, to show what start-up costs.
    const times = {} as ReadTimes;
    for (const read of READS) {
      const warmUp: number[] = [];
      const warmEnd = performance.now() + WARM_UP_MS;
      while (warmUp.length < 1 || performance.now() < warmEnd) warmUp.push(await reads[read]());
      const samples: number[] = [];
      const end = performance.now() + limits.seconds * 1000;
      // At least three samples, or one of a read that takes a third of the time given (the
      // directory at scale once took minutes).
      const least = Math.max(...warmUp) * 3 > limits.seconds * 1000 ? 1 : 3;
      while (
        samples.length < limits.rounds &&
        (samples.length < least || performance.now() < end)
      ) {
        samples.push(await reads[read]());
      }
      times[read] = percentile(
        samples.sort((a, b) => a - b),
        95,
      );
      const cold = percentile(
        warmUp.sort((a, b) => a - b),
        95,
      );
      log(
        `    ${name} ${read}: p95 ${times[read].toFixed(1)} ms of ${samples.length} (warm-up: p95 ${cold.toFixed(1)} ms of ${warmUp.length})`,
      );
    }
    agent.destroy();
    return times;
  } finally {
    await server.stop();
  }
}

async function timed(client: ApiClient, url: string): Promise<number> {
  const reply = await client.get(url);
  if (reply.status !== 200) throw new Error(`${url}: ${reply.status} ${reply.body.slice(0, 300)}`);
  return reply.ms;
}

/**
 * NAV rows the product keeps per strategy per year of history: the whale's rows (recorded a
 * minute apart for a year, as the tick writes them) over the years its history spans, counted
 * after the compaction job's catch-up (the phase runs it on the built history) and the product's
 * run on them (ticks, reads, cascade).
 */
export async function navRowsPerStrategyYear(ctx: AppContext, strategyId: string) {
  const result = await ctx.db.execute<{ n: string; years: string }>(
    sql`SELECT count(*)::text AS n,
               (extract(epoch FROM max(at) - min(at)) / (365 * 86400))::text AS years
        FROM nav_snapshots WHERE strategy_id = ${strategyId}`,
  );
  const row = result.rows[0];
  return Number(row?.n) / Math.max(Number(row?.years), 1);
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}
