import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { systemClock, type AppContext } from './context';
import { createDb, createPool } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { createMailer } from './modules/mail/mailer';
import { createRealtime } from './realtime/realtime';
import { createScheduler } from './jobs/scheduler';
import { startCopyTrading } from './modules/trading/copy-trading.runtime';
import { loadSecretsKey } from './modules/auth/secret-box';
import { seedIfEmpty } from './seed/seed';
import { LOG_REDACT } from './logging';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, redact: LOG_REDACT });

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
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
  const mailer = createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const hub = createRealtime({ databaseUrl, log });
  const secretsKey = loadSecretsKey(config.secretsKeyBase64, config.dataDir);
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

  await app.listen({ port: config.port, host: config.host });
  mailer.kick();
  const banner = [`${config.brandName} is running at ${config.publicUrl}`];
  if (seeded.admin) {
    banner.push(`Admin login: ${seeded.admin.email}`);
    if (seeded.admin.generated)
      banner.push(
        `Admin one-time password: ${seeded.admin.password} (shown once; change it after signing in)`,
      );
  }
  // Printed to the terminal only (not the structured log), once, at first start.
  process.stdout.write(`\n${banner.map((line) => `  ${line}`).join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
