import type pg from 'pg';
import type { Logger } from 'pino';
import type { AppCaches } from './caches';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SharedReads } from './db/performance';
import type { Mailer } from './modules/mail/mailer';
import type { PriceSource } from './modules/market/price-source';
import type { Realtime } from './realtime/realtime';

/** Injectable time, so tests can move the clock (token expiry, session timeouts, trade terms). */
export interface Clock {
  now: () => Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What every service needs; built once in main.ts (or by the test harness) and passed down. */
export interface AppContext {
  config: Config;
  pool: pg.Pool;
  db: Db;
  /** A few connections shared by the hottest short reads (db/shared-reads.ts). */
  reads: SharedReads;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  realtime: Realtime;
  /** The prices trades are valued and orders filled at. */
  prices: PriceSource;
  /** Seals secrets the server must read back (TOTP seeds). */
  secretsKey: Buffer;
  /** What this instance remembers between requests (never shared with another instance). */
  caches: AppCaches;
}
