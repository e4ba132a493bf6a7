/**
 * Whether this instance should receive traffic: the database answers, every migration this build
 * carries is recorded as applied, and the price feed ticked recently. Pure: the facts are read by
 * ops.repo, the clock and the staleness bound are passed in.
 */
export type DatabaseCheck = 'ok' | 'unreachable';
export type MigrationsCheck = 'ok' | 'pending' | 'unknown';
/** `none`: no price was ever stored; `stale`: the last tick is older than the bound. */
export type PriceFeedCheck = 'ok' | 'stale' | 'none' | 'unknown';

export interface Readiness {
  ready: boolean;
  checks: { database: DatabaseCheck; migrations: MigrationsCheck; priceFeed: PriceFeedCheck };
}

/** What the database said, or that it did not answer in time. */
export type ReadinessFacts =
  | { reachable: false }
  | { reachable: true; appliedMigrations: readonly string[]; lastTickAt: number | null };

export function evaluateReadiness(
  facts: ReadinessFacts,
  expectedMigrations: readonly string[],
  now: number,
  staleAfterMs: number,
): Readiness {
  if (!facts.reachable) {
    return {
      ready: false,
      checks: { database: 'unreachable', migrations: 'unknown', priceFeed: 'unknown' },
    };
  }
  const applied = new Set(facts.appliedMigrations);
  const migrations = expectedMigrations.every((name) => applied.has(name)) ? 'ok' : 'pending';
  const priceFeed = priceFeedCheck(facts.lastTickAt, now, staleAfterMs);
  return {
    ready: migrations === 'ok' && priceFeed === 'ok',
    checks: { database: 'ok', migrations, priceFeed },
  };
}

/** Fresh as the market module counts it: a price older than `staleAfterMs` is not used. */
function priceFeedCheck(lastTickAt: number | null, now: number, staleAfterMs: number) {
  if (lastTickAt === null) return 'none';
  return now - lastTickAt > staleAfterMs ? 'stale' : 'ok';
}
