import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { systemClock, type AppContext } from './context';
import { createDb, createPool } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { mailboxDir } from './modules/mail/mailbox';
import { createMailer } from './modules/mail/mailer';
import { createRealtime } from './realtime/realtime';
import { createScheduler } from './jobs/scheduler';
import { startCopyTrading } from './modules/trading/copy-trading.runtime';
import { loadSecretsKey } from './modules/auth/secret-box';
import { seedIfEmpty } from './seed/seed';
import { LOG_REDACT } from './logging';

const WORKER_DATABASE_URL = 'NESTRADO_WORKER_DATABASE_URL';

/** The lines printed to the terminal once the server listens (the admin login only at first start). */
function printBanner(
  config: Config,
  admin: Awaited<ReturnType<typeof seedIfEmpty>>['admin'],
): void {
  const banner = [`${config.brandName} is running at ${config.publicUrl}`];
  if (admin) {
    banner.push(`Admin login: ${admin.email}`);
    if (admin.generated)
      banner.push(
        `Admin one-time password: ${admin.password} (shown once; change it after signing in)`,
      );
  }
  // Printed to the terminal only (not the structured log), once, at first start.
  process.stdout.write(`\n${banner.map((line) => `  ${line}`).join('\n')}\n\n`);
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
    embedded = await startEmbeddedPostgres(config.dataDir, (message) => log.debug({ pg: message }));
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl);
  const applied = await migrate(pool);
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  const db = createDb(pool);
  const seeded = await seedIfEmpty(db, config);
  return { databaseUrl, embedded, pool, db, seeded };
}

/**
 * WEB_CONCURRENCY > 1: this process prepares the database (embedded server, migrations, seed,
 * secrets key) and then runs that many worker processes sharing the port, each a whole instance
 * as in docs/deploy.md (realtime, scheduler leadership and idempotency already work across
 * instances). The first worker starts alone, so the market back-fill runs once.
 */
async function runPrimary(config: Config, log: Logger): Promise<void> {
  const { databaseUrl, embedded, pool, seeded } = await prepareDatabase(
    config,
    log,
    config.databaseUrl,
  );
  await pool.end();
  loadSecretsKey(config.secretsKeyBase64, config.dataDir); // creates the key file once

  let stopping = false;
  const fork = () => cluster.fork({ [WORKER_DATABASE_URL]: databaseUrl });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    setTimeout(fork, 1000).unref();
  });
  const first = fork();
  await new Promise<void>((resolve, reject) => {
    first.once('listening', () => resolve());
    first.once('exit', (code) => reject(new Error(`first worker exited with ${code}`)));
  });
  for (let i = 1; i < config.workers; i += 1) fork();
  printBanner(config, seeded.admin);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => worker.process.kill('SIGKILL'), 15_000);
            worker.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** One whole instance: API, WebSocket, scheduler candidate, mail delivery. */
async function runInstance(config: Config, log: Logger, isWorker: boolean): Promise<void> {
  const { databaseUrl, embedded, pool, db, seeded } = await prepareDatabase(
    config,
    log,
    isWorker ? process.env[WORKER_DATABASE_URL] : config.databaseUrl,
  );
  const secretsKey = loadSecretsKey(config.secretsKeyBase64, config.dataDir);
  const mailer = createMailer(db, {
    smtpUrl: config.smtpUrl,
    mailboxDir: mailboxDir(config.dataDir),
    secretsKey,
    from: config.mailFrom,
    log,
  });
  if (!config.smtpUrl)
    log.info(
      { dir: mailboxDir(config.dataDir) },
      'no SMTP_URL: e-mail goes to the development mailbox',
    );
  const hub = createRealtime({ databaseUrl, log });
  const ctx: AppContext = {
    config,
    pool,
    db,
    mailer,
    clock: systemClock,
    log,
    realtime: hub,
    secretsKey,
  };
  const app = await buildApp(ctx, hub);
  const scheduler = createScheduler({ databaseUrl, clock: systemClock, log });
  const copyTrading = await startCopyTrading(ctx, scheduler);
  log.info(copyTrading.startup, 'market data and strategies ready');
  scheduler.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await scheduler.stop().catch(() => {});
    await copyTrading.close().catch(() => {});
    await app.close().catch(() => {});
    await mailer.close().catch(() => {});
    await hub.close().catch(() => {});
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A worker whose primary is gone (even by kill -9) stops too, instead of holding the port.
  if (isWorker) process.on('disconnect', () => void stop('disconnect'));

  await app.listen({ port: config.port, host: config.host });
  mailer.kick();
  if (!isWorker) printBanner(config, seeded.admin);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, redact: LOG_REDACT });
  if (cluster.isWorker) await runInstance(config, log, true);
  else if (config.workers > 1) await runPrimary(config, log);
  else await runInstance(config, log, false);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
