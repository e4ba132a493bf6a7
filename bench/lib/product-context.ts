import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config';
import { systemClock, type AppContext } from '../../apps/server/src/context';
import { createCaches } from '../../apps/server/src/caches';
import { createDb, createPool } from '../../apps/server/src/db/client';
import { createSharedReads } from '../../apps/server/src/db/performance';
import { migrate } from '../../apps/server/src/db/migrate';
import { createPriceSource } from '../../apps/server/src/modules/market/price-source';
import { createMailer } from '../../apps/server/src/modules/mail/mailer';
import { createRealtime } from '../../apps/server/src/realtime/realtime';
import { seedIfEmpty } from '../../apps/server/src/seed/seed';

/**
 * The product's context on a phase's own database (migrated and seeded), and its ending: for the
 * phases that run the product's runtimes in this process (the cascade, the rails).
 */
export async function productContext(
  databaseUrl: string,
  name: string,
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const pool = createPool(databaseUrl, 10);
  const db = createDb(pool);
  await migrate(pool);
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://localhost' }),
    adminEmail: `${name}-admin@bench.local`,
    adminPassword: `${name}-admin-password-1`,
    smtpUrl: undefined,
  };
  await seedIfEmpty(db, config);
  const silent = pino({ level: 'silent' });
  const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), `nestrado-${name}-mail-`));
  const secretsKey = crypto.randomBytes(32);
  const realtime = createRealtime({ databaseUrl, log: silent });
  await realtime.ready;
  const ctx: AppContext = {
    config,
    pool,
    db,
    mailer: createMailer(db, {
      mailboxDir: mailbox,
      secretsKey,
      from: 'x@bench.local',
      log: silent,
    }),
    clock: systemClock,
    log: silent,
    realtime,
    prices: createPriceSource(db),
    reads: createSharedReads(databaseUrl),
    caches: createCaches(),
    secretsKey,
  };
  const close = async () => {
    await ctx.mailer.close();
    await realtime.close();
    await ctx.reads.end();
    await pool.end();
    fs.rmSync(mailbox, { recursive: true, force: true });
  };
  return { ctx, close };
}
