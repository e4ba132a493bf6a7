import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { blocksBehind, type WatcherStatus } from '../chain';
import { watcherHealth } from './domain/chain-health';

/**
 * The Prometheus registry of one app (not prom-client's global one: tests build many apps in one
 * process). Counters and histograms are fed as things happen (requests, scheduled runs); gauges
 * are set from a snapshot taken when /metrics is scraped.
 */
export interface Metrics {
  registry: Registry;
  /** `route` is the route pattern (`/api/trades/:id`), never the raw URL. */
  observeRequest: (route: string, method: string, statusCode: number, seconds: number) => void;
  /** How late a scheduled job started after its due time. */
  observeJobLag: (job: string, lagMs: number) => void;
  setSnapshot: (snapshot: MetricsSnapshot) => void;
  /** The chain watchers at a scrape: their lag, and the credits since the last scrape. */
  setChainWatchers: (watchers: readonly WatcherStatus[], now: number) => void;
}

export interface MetricsSnapshot {
  pool: { total: number; idle: number; waiting: number };
  realtimeConnections: number;
  /** null: the database did not answer this scrape (the gauges read NaN, database_up 0). */
  database: {
    unsentMails: number;
    oldestUnsentAgeSeconds: number | null;
    priceFeedAgeSeconds: number | null;
  } | null;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Requests that matched no route (404s, 405s) share one label value. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobLag = new Histogram({
    name: 'scheduler_job_lag_seconds',
    help: 'How late a scheduled job started after its due time (on the instance that leads)',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const poolTotal = gauge('db_pool_connections_total', 'Connections open in the database pool');
  const poolIdle = gauge('db_pool_connections_idle', 'Pool connections not in use');
  const poolWaiting = gauge('db_pool_requests_waiting', 'Requests waiting for a pool connection');
  const sockets = gauge('realtime_connections', 'WebSocket connections open on this instance');
  const databaseUp = gauge('database_up', '1 if the database answered the metrics query in time');
  const unsent = gauge('mail_outbox_unsent', 'Messages in the mail outbox still to be delivered');
  const oldestUnsent = gauge(
    'mail_outbox_oldest_unsent_age_seconds',
    'Age of the oldest message still to be delivered (0 when there is none)',
  );
  const feedAge = gauge(
    'price_feed_age_seconds',
    'Seconds since the last stored price tick (NaN when no price was ever stored)',
  );

  const chain = chainMetrics(registry);

  return {
    registry,
    setChainWatchers: chain.set,
    observeRequest(route, method, statusCode, seconds) {
      const labels = {
        route,
        method: METHODS.has(method) ? method : 'OTHER',
        status_class: `${Math.floor(statusCode / 100)}xx`,
      };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    observeJobLag(job, lagMs) {
      jobLag.observe({ job }, lagMs / 1000);
    },
    setSnapshot(snapshot) {
      poolTotal.set(snapshot.pool.total);
      poolIdle.set(snapshot.pool.idle);
      poolWaiting.set(snapshot.pool.waiting);
      sockets.set(snapshot.realtimeConnections);
      const db = snapshot.database;
      databaseUp.set(db ? 1 : 0);
      unsent.set(db ? db.unsentMails : NaN);
      oldestUnsent.set(db ? (db.oldestUnsentAgeSeconds ?? 0) : NaN);
      feedAge.set(db?.priceFeedAgeSeconds ?? NaN);
    },
  };
}

/**
 * Per network and token: blocks behind the head and the age of the last pass (NaN before the
 * first), and the transfers this instance credited (a counter fed from the runtime's running
 * total, by the difference since the last scrape).
 */
function chainMetrics(registry: Registry) {
  const perWatch = (name: string, help: string) => ({
    name,
    help,
    labelNames: ['network', 'token'] as const,
    registers: [registry],
  });
  const behind = new Gauge(
    perWatch(
      'chain_watcher_blocks_behind',
      'Blocks between the chain head and the watcher’s cursor at its last pass',
    ),
  );
  const passAge = new Gauge(
    perWatch(
      'chain_watcher_last_pass_age_seconds',
      'Seconds since the watcher last completed a pass (an RPC outage makes it grow)',
    ),
  );
  const credits = new Counter(
    perWatch('chain_credits_total', 'Transfers on the chain this instance credited to investors'),
  );
  const counted = new Map<string, number>();
  return {
    set: (watchers: readonly WatcherStatus[], now: number) => {
      for (const facts of watchers) {
        const labels = { network: facts.network, token: facts.token };
        const health = watcherHealth({ ...facts, blocksBehind: blocksBehind(facts) }, now);
        behind.set(labels, health.blocksBehind ?? NaN);
        passAge.set(labels, health.lastPassAgeSeconds ?? NaN);
        const key = `${facts.network}|${facts.token}`;
        const fresh = facts.creditedTotal - (counted.get(key) ?? 0);
        // inc(0) still creates the series, so a watcher that credited nothing yet shows 0.
        credits.inc(labels, Math.max(0, fresh));
        counted.set(key, facts.creditedTotal);
      }
    },
  };
}
