import type { Logger } from 'pino';
import type { StrategyMetrics } from './modules/copy-trading/domain';
import {
  createSessionCache,
  noSessionCache,
  type SessionCache,
} from './modules/auth/session-cache';

/** A remembered value by key, owned by one app instance (AppContext.caches). */
export interface Cache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  clear(): void;
}

/** A plain in-memory cache (no eviction: its keys are few, one per strategy or one in all). */
export function memoryCache<K, V>(): Cache<K, V> {
  const entries = new Map<K, V>();
  return {
    get: (key) => entries.get(key),
    set: (key, value) => {
      entries.set(key, value);
    },
    clear: () => entries.clear(),
  };
}

/**
 * What an app instance remembers between requests. Built with the context (main.ts, the test
 * harness), so two instances in one process never share a remembered figure and each test app
 * starts clean.
 */
export interface AppCaches {
  /** A strategy's past-performance figures, valid while its minute and its NAV time hold. */
  strategyMetrics: Cache<string, { minute: number; navAt: number; metrics: StrategyMetrics }>;
  /** The build's migration file names (readiness compares them with the applied ones). */
  expectedMigrations: Cache<'build', Promise<string[]>>;
  /** Sessions resolved lately, trusted while the database's notices arrive. */
  sessions: SessionCache;
}

/**
 * Given the database, the session cache listens for its notices; without one (unit tests) it
 * remembers nothing.
 */
export function createCaches(database?: { databaseUrl: string; log: Logger }): AppCaches {
  return {
    strategyMetrics: memoryCache(),
    expectedMigrations: memoryCache(),
    sessions: database ? createSessionCache(database) : noSessionCache(),
  };
}
