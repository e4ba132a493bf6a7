import type { Logger } from 'pino';
import {
  ALL_ON,
  createSessionCache,
  noSessionCache,
  type PerformanceSwitches,
  type SessionCache,
} from './db/performance';

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
 * The name of something an app instance keeps (`AppCaches.keep`), carrying its type: a module
 * declares its own key beside the code that uses it, so this file need not know its type.
 */
export interface CacheKey<T> {
  readonly name: string;
  /** Only carries T; never set. */
  readonly type?: T;
}

export function cacheKey<T>(name: string): CacheKey<T> {
  return { name };
}

/**
 * What an app instance remembers between requests. Built with the context (main.ts, the test
 * harness), so two instances in one process never share a remembered figure and each test app
 * starts clean.
 */
export interface AppCaches {
  /** The build's migration file names (readiness compares them with the applied ones). */
  expectedMigrations: Cache<'build', Promise<string[]>>;
  /** Sessions resolved lately, trusted while the database's notices arrive. */
  sessions: SessionCache;
  /**
   * What the instance keeps under `key`, built by `build` on first use (a module's own cache or
   * counter: sign-in providers' discovery, open statement snapshots, the rate limiter).
   */
  keep: <T>(key: CacheKey<T>, build: () => T) => T;
}

/**
 * Given the database, the session cache listens for its notices; without one (unit tests), or
 * switched off (PERFORMANCE_OFF=session-cache), it remembers nothing.
 */
export function createCaches(
  database?: { databaseUrl: string; log: Logger },
  switches: PerformanceSwitches = ALL_ON,
): AppCaches {
  const kept = new Map<CacheKey<unknown>, unknown>();
  return {
    expectedMigrations: memoryCache(),
    sessions:
      database && switches['session-cache'] ? createSessionCache(database) : noSessionCache(),
    keep<T>(key: CacheKey<T>, build: () => T): T {
      if (kept.has(key)) return kept.get(key) as T;
      const value = build();
      kept.set(key, value);
      return value;
    },
  };
}
