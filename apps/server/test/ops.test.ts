import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eventually } from '@app/shared/test/eventually';
import { buildApp } from '../src/app';
import { createDb, createPool } from '../src/db/client';
import { createScheduler } from '../src/jobs/scheduler';
import { createMetrics, type Metrics } from '../src/modules/ops/ops.metrics';
import { createRealtime, type RealtimeHub } from '../src/realtime/realtime';
import { createTestApp, registerUser, TestClock, type TestApp } from './harness';

const STALE_AFTER_MS = 5 * 60_000;
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/**
 * A TCP hop between an app's pool and PostgreSQL that the test can cut: `hang` holds every byte
 * both ways (a partition: connections stay open, nothing answers), `down` resets every
 * connection and refuses new ones (the server is gone), `pass` forwards again.
 */
class DatabaseLink {
  private mode: 'pass' | 'hang' | 'down' = 'pass';
  private readonly pairs = new Set<{
    client: net.Socket;
    upstream: net.Socket;
    held: { toUpstream: Buffer[]; toClient: Buffer[] };
  }>();
  private readonly server: net.Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  private accept(client: net.Socket): void {
    if (this.mode === 'down') {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = {
      client,
      upstream,
      held: { toUpstream: [] as Buffer[], toClient: [] as Buffer[] },
    };
    this.pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (this.mode === 'pass') upstream.write(chunk);
      else pair.held.toUpstream.push(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.mode === 'pass') client.write(chunk);
      else pair.held.toClient.push(chunk);
    });
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  }

  hang(): void {
    this.mode = 'hang';
  }

  down(): void {
    this.mode = 'down';
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
  }

  pass(): void {
    this.mode = 'pass';
    for (const pair of this.pairs) {
      for (const chunk of pair.held.toUpstream.splice(0)) pair.upstream.write(chunk);
      for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
    }
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Prometheus text format: `# TYPE family kind` lines and `name{label="v",...} value` samples. */
interface Exposition {
  types: Map<string, string>;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Exposition['samples'] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const match of (sample[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)) {
      if (match[1] !== undefined && match[2] !== undefined) labels[match[1]] = match[2];
    }
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The value of one sample; undefined when it is absent. */
function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return exposition.samples.find(
    (s) =>
      s.name === name &&
      Object.keys(labels).length === Object.keys(s.labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}

let t: TestApp;
let hub: RealtimeHub;
let link: DatabaseLink;
/** The app under test: its pool goes through `link`; otherwise a whole app like t's. */
let ops: { app: FastifyInstance; metrics: Metrics; close: () => Promise<void> };

async function storeTick(at: number): Promise<void> {
  await t.pool.query('DELETE FROM market_prices');
  await t.pool.query(
    `INSERT INTO market_prices (symbol, price, open_24h, at)
     VALUES ('BTCUSDT', 60000, 59000, to_timestamp($1::double precision / 1000))`,
    [at],
  );
}

async function scrape(
  app: FastifyInstance,
  request: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({ method: 'GET', url: '/metrics', ...request });
}

async function metricsOf(app: FastifyInstance): Promise<Exposition> {
  const response = await scrape(app);
  expect(response.statusCode).toBe(200);
  return parseExposition(response.body);
}

beforeAll(async () => {
  t = await createTestApp();
  const target = new URL(t.databaseUrl);
  link = new DatabaseLink({ host: target.hostname, port: Number(target.port || 5432) });
  const linkPort = await link.listen();
  const linkedUrl = new URL(t.databaseUrl);
  linkedUrl.hostname = '127.0.0.1';
  linkedUrl.port = String(linkPort);
  const pool = createPool(linkedUrl.toString(), 2);
  hub = createRealtime({ databaseUrl: t.databaseUrl, log: t.ctx.log });
  await hub.ready;
  const metrics = createMetrics();
  const app = await buildApp({ ...t.ctx, pool, db: createDb(pool), realtime: hub }, hub, {
    metrics,
    readiness: { timeoutMs: 500, staleAfterMs: STALE_AFTER_MS },
  });
  await app.ready();
  ops = {
    app,
    metrics,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
  await storeTick(t.clock.now().getTime());
});

afterAll(async () => {
  await ops.close();
  await hub.close();
  await link.close();
  await t.close();
});

describe('/healthz and /readyz', () => {
  it('answers ready with every check named when the database, migrations and feed are fine', async () => {
    const health = await ops.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ops.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', priceFeed: 'ok' },
    });
    // The app's own default bound is the market module's (5 minutes), and /api/health still works.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming the price feed once the last tick is older than the staleness bound', async () => {
    const tickAt = t.clock.now().getTime();
    await storeTick(tickAt);
    t.clock.advance(STALE_AFTER_MS);
    // Exactly at the bound the price is still usable (as freshPrices counts it).
    expect((await ops.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    t.clock.advance(1);
    const stale = await ops.app.inject({ method: 'GET', url: '/readyz' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', priceFeed: 'stale' },
    });
    await t.pool.query('DELETE FROM market_prices');
    expect((await ops.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', priceFeed: 'none' },
    });
    await storeTick(t.clock.now().getTime());
    expect((await ops.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 naming the migrations while one of this build is not recorded as applied', async () => {
    const { rows } = await t.pool.query<{ name: string }>(
      'DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name',
    );
    const removed = rows[0]?.name ?? '';
    expect(removed).toMatch(/^\d{4}_.+\.sql$/);
    try {
      const response = await ops.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'pending', priceFeed: 'ok' },
      });
    } finally {
      await t.pool.query('INSERT INTO schema_migrations (name) VALUES ($1)', [removed]);
    }
    expect((await ops.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 naming the database within its timeout while the database hangs, and 200 once it answers again', async () => {
    expect((await ops.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    link.hang();
    const started = performance.now();
    const hung = await ops.app.inject({ method: 'GET', url: '/readyz' });
    const tookMs = performance.now() - started;
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({
      status: 'not ready',
      checks: { database: 'unreachable', migrations: 'unknown', priceFeed: 'unknown' },
    });
    expect(tookMs).toBeGreaterThanOrEqual(450);
    expect(tookMs).toBeLessThan(2000);
    // Liveness never asks the database.
    expect((await ops.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    link.pass();
    const back = await ops.app.inject({ method: 'GET', url: '/readyz' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', priceFeed: 'ok' },
    });
  });

  it('answers 503 naming the database while it is down, and 200 once it is back', async () => {
    link.down();
    const down = await ops.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'not ready',
      checks: { database: 'unreachable', migrations: 'unknown', priceFeed: 'unknown' },
    });
    expect((await ops.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // The metrics still answer, saying the database did not.
    const during = await metricsOf(ops.app);
    expect(sampleValue(during, 'database_up')).toBe(0);
    expect(sampleValue(during, 'price_feed_age_seconds')).toBeNaN();
    link.pass();
    expect((await ops.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(sampleValue(await metricsOf(ops.app), 'database_up')).toBe(1);
  });
});

describe('/metrics', () => {
  it('serves every family in the Prometheus text format', async () => {
    const response = await scrape(ops.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { types } = parseExposition(response.body);
    const expected: Record<string, string> = {
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      db_pool_connections_total: 'gauge',
      db_pool_connections_idle: 'gauge',
      db_pool_requests_waiting: 'gauge',
      mail_outbox_unsent: 'gauge',
      mail_outbox_oldest_unsent_age_seconds: 'gauge',
      price_feed_age_seconds: 'gauge',
      realtime_connections: 'gauge',
      scheduler_job_lag_seconds: 'histogram',
      database_up: 'gauge',
    };
    for (const [family, kind] of Object.entries(expected)) {
      expect(types.get(family), family).toBe(kind);
    }
  });

  it('counts a request once under its route pattern, method and status class', async () => {
    const strategyId = '00000000-0000-4000-8000-000000000000';
    const labels = {
      // The plans list is registered as '/' under the '/api/plans' prefix.
      plans: { route: '/api/plans', method: 'GET', status_class: '2xx' },
      nav: { route: '/api/strategies/:id/nav', method: 'GET', status_class: '4xx' },
      unmatched: { route: 'unmatched', method: 'GET', status_class: '4xx' },
    };
    const count = (e: Exposition, l: Record<string, string>) =>
      sampleValue(e, 'http_requests_total', l) ?? 0;
    const before = await metricsOf(ops.app);
    expect((await ops.app.inject({ method: 'GET', url: '/api/plans/' })).statusCode).toBe(200);
    const navResponse = await ops.app.inject({
      method: 'GET',
      url: `/api/strategies/${strategyId}/nav`,
    });
    expect(navResponse.statusCode).toBe(404);
    expect((await ops.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(
      404,
    );
    const after = await metricsOf(ops.app);
    expect(count(after, labels.plans) - count(before, labels.plans)).toBe(1);
    expect(count(after, labels.nav) - count(before, labels.nav)).toBe(1);
    expect(count(after, labels.unmatched) - count(before, labels.unmatched)).toBe(1);
    const durationCount = (e: Exposition) =>
      sampleValue(e, 'http_request_duration_seconds_count', labels.plans) ?? 0;
    expect(durationCount(after) - durationCount(before)).toBe(1);
    // No raw URL ever becomes a label value.
    const routes = new Set(
      after.samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route),
    );
    expect([...routes].some((route) => route?.includes(strategyId))).toBe(false);
    expect(routes.has('/api/no-such-thing')).toBe(false);
  });

  it('reports the pool, the price-feed age and the outbox backlog of the moment', async () => {
    const now = t.clock.now().getTime();
    await storeTick(now - 90_000);
    // Mail the outbox worker will not pick up (its attempts are used up), so the count is ours.
    await t.pool.query(`UPDATE mail_outbox SET status = 'captured' WHERE status = 'pending'`);
    await t.pool.query(
      `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, template, status, attempts, created_at)
       SELECT 'someone@example.com', 's', 't', 'h', 'test', 'pending', 5,
              to_timestamp(u.at::double precision / 1000)
       FROM unnest($1::bigint[]) AS u(at)`,
      [[now - 120_000, now - 30_000]],
    );
    await ops.app.inject({ method: 'GET', url: '/readyz' }); // leaves one idle connection
    const exposition = await metricsOf(ops.app);
    expect(sampleValue(exposition, 'price_feed_age_seconds')).toBe(90);
    expect(sampleValue(exposition, 'mail_outbox_unsent')).toBe(2);
    expect(sampleValue(exposition, 'mail_outbox_oldest_unsent_age_seconds')).toBe(120);
    expect(sampleValue(exposition, 'db_pool_connections_total')).toBe(1);
    expect(sampleValue(exposition, 'db_pool_connections_idle')).toBe(1);
    expect(sampleValue(exposition, 'db_pool_requests_waiting')).toBe(0);
    expect(sampleValue(exposition, 'database_up')).toBe(1);
    await t.pool.query(`DELETE FROM mail_outbox WHERE template = 'test'`);
    await storeTick(t.clock.now().getTime());
  });

  it('counts the open WebSocket connections of the realtime hub', async () => {
    const { client } = await registerUser(ops.app);
    expect(sampleValue(await metricsOf(ops.app), 'realtime_connections')).toBe(0);
    const socket = await ops.app.injectWS('/realtime', {
      headers: { cookie: `sid=${client.cookies.get('sid') ?? ''}` },
    });
    expect(sampleValue(await metricsOf(ops.app), 'realtime_connections')).toBe(1);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.terminate();
    await closed;
    await eventually(() => hub.clientCount() === 0);
    expect(sampleValue(await metricsOf(ops.app), 'realtime_connections')).toBe(0);
  });

  it('records how late a scheduled job started after its due time', async () => {
    const clock = new TestClock(Date.UTC(2026, 0, 1));
    const scheduler = createScheduler({
      databaseUrl: t.databaseUrl,
      clock,
      log: pino({ level: 'silent' }),
      onJobLag: ops.metrics.observeJobLag,
    });
    let timedRuns = 0;
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const firstTimedRun = new Promise<void>((resolve) => {
      started = resolve;
    });
    let runs = 0;
    scheduler.add({
      name: 'probe',
      everyMs: 50,
      run: async () => {
        runs += 1;
        if (runs === 1) return; // runAll below, not a timed run
        timedRuns += 1;
        started();
        await blocked; // later timer slots find it running and are skipped
      },
    });
    await scheduler.runAll(); // takes leadership; a run on demand reports no lag
    expect(scheduler.isLeader()).toBe(true);
    scheduler.start(); // the first timed run is due 50 ms (test clock) from now
    clock.advance(2050); // ...and starts 2 s late
    await firstTimedRun;
    const stopping = scheduler.stop();
    release();
    await stopping;
    expect(timedRuns).toBe(1);
    const exposition = await metricsOf(ops.app);
    expect(sampleValue(exposition, 'scheduler_job_lag_seconds_count', { job: 'probe' })).toBe(1);
    expect(sampleValue(exposition, 'scheduler_job_lag_seconds_sum', { job: 'probe' })).toBe(2);
    expect(
      sampleValue(exposition, 'scheduler_job_lag_seconds_bucket', { job: 'probe', le: '1' }),
    ).toBe(0);
    expect(
      sampleValue(exposition, 'scheduler_job_lag_seconds_bucket', { job: 'probe', le: '2.5' }),
    ).toBe(1);
  });

  it('refuses other machines without the token, and proxied requests that arrive on loopback', async () => {
    const remote = await scrape(ops.app, { remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json<{ error: { code: string } }>().error.code).toBe('METRICS_LOCAL_ONLY');
    expect(remote.body).not.toContain('http_requests_total');
    const proxied = await scrape(ops.app, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(403);
    const forwarded = await scrape(ops.app, { headers: { forwarded: 'for=203.0.113.7' } });
    expect(forwarded.statusCode).toBe(403);
    expect((await scrape(ops.app, { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape(ops.app, { remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    // The probes are for load balancers, from anywhere.
    const probe = await ops.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '203.0.113.7',
    });
    expect(probe.statusCode).toBe(200);
  });

  it('with METRICS_TOKEN set, requires it as a bearer token from every address', async () => {
    const app = await buildApp(
      { ...t.ctx, config: { ...t.config, metricsToken: METRICS_TOKEN } },
      hub,
    );
    try {
      const missing = await scrape(app);
      expect(missing.statusCode).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer');
      expect(missing.json<{ error: { code: string } }>().error.code).toBe('METRICS_TOKEN_REQUIRED');
      const wrong = await scrape(app, {
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await scrape(app, {
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(parseExposition(right.body).types.get('http_requests_total')).toBe('counter');
    } finally {
      await app.close();
    }
  });
});
