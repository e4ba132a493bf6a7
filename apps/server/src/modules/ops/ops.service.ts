import type { AppContext } from '../../context';
import { migrationNames } from '../../db/migrate';
import { PRICE_STALE_AFTER_MS } from '../market';
import { evaluateReadiness, type Readiness } from './domain/readiness';
import type { MetricsSnapshot } from './ops.metrics';
import * as repo from './ops.repo';

export interface ReadinessOptions {
  /** How long the database may take to answer before the instance counts as not ready. */
  timeoutMs: number;
  /** A last tick older than this is stale (the market module's bound for using a price). */
  staleAfterMs: number;
}

export const defaultReadinessOptions = (): ReadinessOptions => ({
  timeoutMs: 2000,
  staleAfterMs: PRICE_STALE_AFTER_MS,
});

/** The build's migration files, listed once per app instance. */
function expectedMigrations(ctx: AppContext): Promise<string[]> {
  let names = ctx.caches.expectedMigrations.get('build');
  if (!names) {
    names = migrationNames();
    ctx.caches.expectedMigrations.set('build', names);
  }
  return names;
}

export async function readiness(ctx: AppContext, options: ReadinessOptions): Promise<Readiness> {
  const [facts, migrations] = await Promise.all([
    repo.probeReadiness(ctx.pool, options.timeoutMs),
    expectedMigrations(ctx),
  ]);
  return evaluateReadiness(facts, migrations, ctx.clock.now().getTime(), options.staleAfterMs);
}

const ageSeconds = (now: number, at: number | null) =>
  at === null ? null : Math.max(0, now - at) / 1000;

export async function metricsSnapshot(
  ctx: AppContext,
  realtimeConnections: number,
  timeoutMs: number,
): Promise<MetricsSnapshot> {
  const pool = {
    total: ctx.pool.totalCount,
    idle: ctx.pool.idleCount,
    waiting: ctx.pool.waitingCount,
  };
  const facts = await repo.metricsFacts(ctx.pool, timeoutMs).catch(() => null);
  const now = ctx.clock.now().getTime();
  return {
    pool,
    realtimeConnections,
    database: facts && {
      unsentMails: facts.unsentMails,
      oldestUnsentAgeSeconds: ageSeconds(now, facts.oldestUnsentAt),
      priceFeedAgeSeconds: ageSeconds(now, facts.lastTickAt),
    },
  };
}
