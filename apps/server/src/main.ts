import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { systemClock, type AppContext } from './context';
import { createCaches } from './caches';
import { createPriceSource } from './modules/market';
import { createDb, createPool } from './db/client';
import { createReads } from './db/performance';
import { EmbeddedDatabaseError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { mailboxDir } from './modules/mail';
import { createMailer } from './modules/mail';
import { createRealtime } from './realtime/realtime';
import { createScheduler } from './jobs/scheduler';
import { startCopyTrading } from './modules/copy-trading';
import { writeRequestedLinks } from './modules/auth';
import { loadSecretsKey } from './lib/secret-box';
import { idempotencyRetentionJob } from './modules/ledger';
import { orphanAvatarSweepJob } from './modules/profile';
import { overviewFiguresFoldJob } from './modules/overview';
import { documentRetentionJob, orphanDocumentSweepJob } from './modules/verification';
import { seedIfEmpty } from './seed/seed';
import { demoMethodNames, ensureDevRailMethod } from './modules/payment-methods';
import { LOG_REDACT, logDestination } from './logging';
import { createMetrics } from './modules/ops';
import { createStartupGuard } from './startup-guard';
import {
  chainSetupOf,
  createChainRuntime,
  openChainRails,
  type ChainRuntime,
  type OpenedRails,
} from './modules/chain';

const WORKER_DATABASE_URL = 'NESTRADO_WORKER_DATABASE_URL';
/** The crypto rails the primary opened (one development chain for every worker). */
const WORKER_CHAIN_RAILS = 'NESTRADO_WORKER_CHAIN_RAILS';
/** A graceful shutdown that takes longer than this is cut short (so is one signalled twice). */
const SHUTDOWN_TIMEOUT_MS = 15_000;
/** WebSocket close code 1012 "service restart": the web client reconnects (only 1008 stops it). */
const SERVICE_RESTART = 1012;

/** What this start has started: a start that fails stops it before exiting (see main). */
const startup = createStartupGuard();

/**
 * Runs `shutdown` on the first SIGTERM/SIGINT (or `disconnect` for a worker). A second signal, or
 * SHUTDOWN_TIMEOUT_MS without finishing, calls `force` and exits 1; a finished shutdown exits 0.
 * The caller's promise rejecting counts as unfinished.
 */
function onShutdownSignals(
  log: Logger,
  shutdown: () => Promise<void>,
  force: () => void,
  isWorker = false,
): void {
  let stopping = false;
  const forceExit = (reason: string) => {
    log.error({ reason }, 'shutdown cut short');
    force();
    process.exit(1);
  };
  const handle = (signal: string) => {
    // A worker gets Ctrl-C's SIGINT and its primary's SIGTERM: the primary decides when to force.
    if (stopping) return isWorker ? undefined : forceExit(`second ${signal}`);
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(
      () => forceExit(`${SHUTDOWN_TIMEOUT_MS / 1000} s timeout`),
      SHUTDOWN_TIMEOUT_MS,
    ).unref();
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        force();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => handle('SIGTERM'));
  process.on('SIGINT', () => handle('SIGINT'));
  // A worker whose primary is gone (even by kill -9) stops too, instead of holding the port.
  if (isWorker) process.on('disconnect', () => handle('disconnect'));
}

/** The lines printed to the terminal once the server listens (the admin login only at first start). */
function printBanner(
  config: Config,
  admin: Awaited<ReturnType<typeof seedIfEmpty>>['admin'],
  demoMethods: string[],
  databaseDir: string | undefined,
): void {
  const banner = [`${config.brandName} is running at ${config.publicUrl}`];
  // Started as root in a directory PostgreSQL's user cannot enter, the cluster lives elsewhere
  // (db/embedded.ts): say where, every start, so nobody backs up ./data believing it is all.
  if (databaseDir)
    banner.push(
      `Database files: ${databaseDir} (embedded PostgreSQL; back up with pg_dump while it runs, see docs/deploy.md)`,
    );
  if (admin) {
    banner.push(`Admin login: ${admin.email}`);
    if (admin.generated)
      banner.push(
        `Admin one-time password: ${admin.password} (shown once; the first sign-in asks for a password of your own)`,
      );
  }
  if (demoMethods.length > 0)
    banner.push(
      `Demo payment methods (placeholder details, not real accounts): ${demoMethods.join(', ')}. Replace them at ${config.publicUrl}/admin/payment-methods`,
    );
  if (config.chainRails === 'dev')
    banner.push(
      'Crypto deposits: a development chain with test USDC runs with the server (Deposits, then USDC on Development chain, then Send test USDC). Real networks: CHAIN_RAILS, see docs/deploy.md',
    );
  // Printed to the terminal only (not the structured log), once, at first start.
  process.stdout.write(`\n${banner.map((line) => `  ${line}`).join('\n')}\n\n`);
}

/**
 * Once listening: a warning in the log while demo payment methods (placeholder details) are
 * active, then the banner.
 */
function announceStart(
  config: Config,
  log: Logger,
  seeded: { admin?: Awaited<ReturnType<typeof seedIfEmpty>>['admin']; demoMethods: string[] },
  databaseDir: string | undefined,
): void {
  if (seeded.demoMethods.length > 0)
    log.warn(
      { paymentMethods: seeded.demoMethods },
      'demo payment methods are active: their details are placeholders, not real accounts, and investors are told not to send real money; replace them in the admin area (Payment methods)',
    );
  printBanner(config, seeded.admin, seeded.demoMethods, databaseDir);
}

/**
 * The database ready to serve: the embedded server started when there is no URL, migrations
 * applied, first-start data seeded.
 */
async function prepareDatabase(config: Config, log: Logger, url: string | undefined) {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = url;
  if (!databaseUrl) {
    log.info({ dir: config.dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres(config.dataDir, (message) => log.info(message));
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl, undefined, config.performance);
  try {
    const applied = await migrate(pool);
    if (applied.length > 0) log.info({ applied }, 'database migrated');
    const db = createDb(pool);
    const seeded = { ...(await seedIfEmpty(db, config)), demoMethods: await demoMethodNames(db) };
    return { databaseUrl, embedded, pool, db, seeded };
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
}

/**
 * WEB_CONCURRENCY > 1: this process prepares the database (embedded server, migrations, seed,
 * secrets key) and then runs that many worker processes sharing the port, each a whole instance
 * as in docs/deploy.md (realtime, scheduler leadership and idempotency already work across
 * instances). The first worker starts alone, so the market back-fill runs once.
 */
async function runPrimary(config: Config, log: Logger): Promise<void> {
  const railsOpening = openRails(config);
  if (config.chainRails !== 'dev') await railsOpening;
  const { databaseUrl, embedded, pool, seeded } = await prepareDatabase(
    config,
    log,
    config.databaseUrl,
  );
  startup.started(
    'embedded PostgreSQL',
    async () => embedded?.stop(),
    () => embedded?.stopNow(),
  );
  const rails = await railsOpening;
  await pool.end();
  loadSecretsKey(config.secretsKeyBase64, config.dataDir); // creates the key file once

  let stopping = false;
  const workers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const stopWorkers = () => {
    stopping = true;
    return Promise.all(
      workers().map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };
  startup.started('workers', stopWorkers, () => {
    for (const worker of workers()) worker.process.kill('SIGKILL');
  });
  const fork = () =>
    cluster.fork({
      [WORKER_DATABASE_URL]: databaseUrl,
      ...(rails ? { [WORKER_CHAIN_RAILS]: rails.shared } : {}),
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    setTimeout(() => stopping || fork(), 1000).unref();
  });
  const listening = (worker: ReturnType<typeof fork>) =>
    new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve());
      worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
  await listening(fork());
  // The banner (what start-up scripts and the bench wait for) only once every worker listens:
  // connections opened earlier would all stay on the first one.
  await Promise.all(Array.from({ length: config.workers - 1 }, () => listening(fork())));
  announceStart(config, log, seeded, embedded?.clusterDir);

  onShutdownSignals(
    log,
    async () => {
      await stopWorkers();
      await rails?.stop();
      await embedded?.stop();
    },
    () => {
      for (const worker of workers()) worker.process.kill('SIGKILL');
      rails?.stopNow();
      embedded?.stopNow();
    },
  );
}

/** The scheduler (one instance at a time runs each job), its jobs, and the market and copy trading. */
async function startScheduledWork(
  ctx: AppContext,
  databaseUrl: string,
  metrics: ReturnType<typeof createMetrics>,
) {
  const scheduler = createScheduler({
    databaseUrl,
    clock: systemClock,
    log: ctx.log,
    onJobLag: metrics.observeJobLag,
  });
  startup.started('scheduler', () => scheduler.stop());
  scheduler.add(orphanAvatarSweepJob(ctx));
  scheduler.add(documentRetentionJob(ctx));
  scheduler.add(orphanDocumentSweepJob(ctx));
  scheduler.add(idempotencyRetentionJob(ctx));
  scheduler.add(overviewFiguresFoldJob(ctx));
  const copyTrading = await startCopyTrading(ctx, scheduler);
  startup.started('market feed', () => copyTrading.close());
  ctx.log.info(copyTrading.startup, 'market data and strategies ready');
  scheduler.start();
  return { scheduler, copyTrading };
}

/**
 * CHAIN_RAILS opened (a worker takes its primary's). The development chain starts while the
 * database does; a rails file is read at once, so a bad one stops the start before anything
 * runs. Whatever exits the process, the development chain goes with it.
 */
function openRails(config: Config): Promise<OpenedRails | null> {
  const shared = cluster.isWorker ? process.env[WORKER_CHAIN_RAILS] : undefined;
  const opening = openChainRails(shared ? 'off' : config.chainRails, shared);
  let opened: OpenedRails | null = null;
  opening.then(
    (rails) => {
      opened = rails;
      process.once('exit', () => rails?.stopNow());
    },
    () => {},
  );
  startup.started(
    'crypto rails',
    async () => (await opening.catch(() => null))?.stop(),
    () => opened?.stopNow(),
  );
  return opening;
}

/** The chain watchers, passing every few seconds once the instance listens; one line says which. */
function startChainWatchers(
  log: Logger,
  rails: OpenedRails | null,
  runtime: ChainRuntime | null,
): void {
  if (!rails || !runtime) {
    log.info('crypto rails: off (CHAIN_RAILS=off)');
    return;
  }
  runtime.start(rails.intervalMs);
  startup.started('chain watchers', () => runtime.stop());
  log.info({ intervalMs: rails.intervalMs }, `crypto rails: ${rails.summary}`);
}

/** The mail delivery (SMTP, or the development mailbox when SMTP_URL is unset). */
function startMailer(
  config: Config,
  log: Logger,
  parts: Pick<AppContext, 'db' | 'secretsKey'>,
  prepare: () => Promise<void>,
) {
  const mailer = createMailer(parts.db, {
    smtpUrl: config.smtpUrl,
    mailboxDir: mailboxDir(config.dataDir),
    secretsKey: parts.secretsKey,
    from: config.mailFrom,
    log,
    prepare,
  });
  startup.started('mailer', () => mailer.close());
  if (!config.smtpUrl)
    log.info(
      { dir: mailboxDir(config.dataDir) },
      'no SMTP_URL: e-mail goes to the development mailbox',
    );
  return mailer;
}

/** The context every service of the instance receives, its price source and shared reads started. */
function instanceContext(
  config: Config,
  log: Logger,
  parts: Pick<AppContext, 'pool' | 'db' | 'mailer' | 'caches' | 'secretsKey'> & {
    databaseUrl: string;
    hub: AppContext['realtime'];
  },
): AppContext {
  const { databaseUrl, pool, db, hub, ...rest } = parts;
  const ctx: AppContext = {
    ...rest,
    config,
    pool,
    db,
    reads: createReads(databaseUrl, pool, config.performance),
    clock: systemClock,
    log,
    realtime: hub,
    prices: createPriceSource(db, { databaseUrl, log }, config.performance),
  };
  startup.started('price source', () => ctx.prices.close());
  startup.started('shared reads', () => ctx.reads.end());
  return ctx;
}

/** One whole instance: API, WebSocket, scheduler candidate, mail delivery. */
async function runInstance(config: Config, log: Logger, isWorker: boolean): Promise<void> {
  const railsOpening = openRails(config);
  if (config.chainRails !== 'dev') await railsOpening;
  const { databaseUrl, embedded, pool, db, seeded } = await prepareDatabase(
    config,
    log,
    isWorker ? process.env[WORKER_DATABASE_URL] : config.databaseUrl,
  );
  startup.started(
    'database',
    async () => {
      await pool.end();
      await embedded?.stop();
    },
    () => embedded?.stopNow(),
  );
  const secretsKey = loadSecretsKey(config.secretsKeyBase64, config.dataDir);
  // ctx is built below, before the mailer's first run (a kick, or its timer).
  const mailer = startMailer(config, log, { db, secretsKey }, () => writeRequestedLinks(ctx));
  const hub = createRealtime({ databaseUrl, log });
  startup.started('realtime', () => hub.close());
  const caches = createCaches({ databaseUrl, log }, config.performance);
  startup.started('caches', () => caches.sessions.close());
  const ctx = instanceContext(config, log, {
    databaseUrl,
    pool,
    db,
    mailer,
    hub,
    caches,
    secretsKey,
  });
  const metrics = createMetrics();
  const rails = await railsOpening;
  // The development chain's USDC (test) is a payout method from the first start (once).
  if (rails?.development) await ensureDevRailMethod(db, rails.rails);
  const runtime = rails ? createChainRuntime(ctx, rails.rails) : null;
  const chain = rails ? chainSetupOf(rails, runtime) : undefined;
  const app = await buildApp(ctx, hub, { metrics, chain });
  startup.started('HTTP server', () => app.close());
  const { scheduler, copyTrading } = await startScheduledWork(ctx, databaseUrl, metrics);

  // Background work stops, live sockets are told to come back (1012), the server stops accepting
  // and lets the requests in flight finish, then the database stops.
  onShutdownSignals(
    log,
    async () => {
      await scheduler.stop().catch(() => {});
      await runtime?.stop().catch(() => {});
      await copyTrading.close().catch(() => {});
      for (const socket of app.websocketServer.clients)
        socket.close(SERVICE_RESTART, 'Service restart');
      await app.close();
      await rails?.stop().catch(() => {});
      await mailer.close().catch(() => {});
      await hub.close().catch(() => {});
      await caches.sessions.close().catch(() => {});
      await ctx.prices.close().catch(() => {});
      await ctx.reads.end();
      await pool.end().catch(() => {});
      await embedded?.stop();
    },
    () => {
      rails?.stopNow();
      embedded?.stopNow();
    },
    isWorker,
  );

  await app.listen({ port: config.port, host: config.host });
  mailer.kick();
  startChainWatchers(log, rails, runtime);
  if (!isWorker) announceStart(config, log, seeded, embedded?.clusterDir);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, redact: LOG_REDACT }, logDestination());
  if (cluster.isWorker) await runInstance(config, log, true);
  else if (config.workers > 1) await runPrimary(config, log);
  else await runInstance(config, log, false);
}

main().catch(async (error: unknown) => {
  // A database that cannot start is one sentence saying what to change, not a stack trace.
  if (error instanceof EmbeddedDatabaseError || error instanceof ConfigError)
    process.stderr.write(`${error.message}\n`);
  else console.error(error);
  // A failed start (port taken, a crash in the first start's seeding...) stops what it started,
  // newest first, PostgreSQL last: nothing is left running, and the next start finds DATA_DIR free.
  setTimeout(() => {
    startup.forceAll();
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  await startup.stopAll((name, stopError) =>
    process.stderr.write(`stopping ${name} after the failed start: ${String(stopError)}\n`),
  );
  process.exit(1);
});
