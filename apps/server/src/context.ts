import type pg from 'pg';
import type { Logger } from 'pino';
import type { RealtimeChannel, RealtimeEvent } from '@app/shared/schemas/realtime';
import type { AppCaches } from './caches';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SharedReads } from './db/performance';

/**
 * The context holds interfaces only: what a service may ask of the mailer, the live updates and
 * the prices. The implementations live above it (modules/mail/mailer.ts, realtime/,
 * modules/market/price-source.ts) and are plugged in by main.ts or the test harness, so a module
 * that takes `ctx` never depends on them.
 */

/** Injectable time, so tests can move the clock (token expiry, session timeouts, trade terms). */
export interface Clock {
  now: () => Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Delivers the mail outbox (modules/mail/mailer.ts). */
export interface Mailer {
  /** Delivers what is pending now (call after a transaction that queued mail commits). */
  kick: () => void;
  /** Resolves when no delivery is running; tests use it to read the outbox deterministically. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

/** Live updates to the signed-in clients (src/realtime). */
export interface Realtime {
  /** Only the shared vocabulary (packages/shared schemas/realtime.ts) can be published. */
  publish: (channel: RealtimeChannel, event: RealtimeEvent) => void;
  clientCount: () => number;
}

/** A quote as the prices table holds it (epoch ms). */
export interface StoredQuote {
  symbol: string;
  price: string;
  at: number;
}

/**
 * The prices trades are valued and orders filled at (modules/market/price-source.ts): the stored
 * latest quotes that are still fresh. `Symbol` is the market's instrument symbol.
 */
export interface PriceSource<Symbol extends string = string> {
  /** The fresh prices at `now`; a stale or unknown symbol is absent. */
  current(now: number): Promise<Map<Symbol, string>>;
  /**
   * The price tick (leader only) stored `quotes` and the table now holds exactly them (`null`: the
   * table kept newer quotes from another instance). They may be served from memory until `until`.
   */
  recorded(quotes: readonly StoredQuote[] | null, until: number): void;
  /** Resolves once it hears the ticks of the instance taking them (at once if it does not listen). */
  ready: Promise<void>;
  /** Stops listening for the ticks of the instance taking them. */
  close(): Promise<void>;
}

/** An instrument's symbol, as the configuration names the market's instruments. */
type InstrumentSymbol = keyof Config['marketReferencePrices'];

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
  prices: PriceSource<InstrumentSymbol>;
  /** Seals secrets the server must read back (TOTP seeds). */
  secretsKey: Buffer;
  /** What this instance remembers between requests (never shared with another instance). */
  caches: AppCaches;
}
