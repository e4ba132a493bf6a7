import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { refusal } from '../../http/errors';
import { blocksBehind, type WatcherStatus } from '../chain';
import { chainHealth } from './domain/chain-health';
import { metricsAccess } from './domain/metrics-access';
import { UNMATCHED_ROUTE, type Metrics } from './ops.metrics';
import { metricsSnapshot, readiness, type ReadinessOptions } from './ops.service';

/**
 * Operations endpoints, outside /api and out of the OpenAPI document:
 *  - GET /healthz: the process is up (no database call) — liveness;
 *  - GET /readyz: database reachable, migrations applied, price feed fresh — readiness, 200 or 503;
 *    with crypto rails, each chain watcher's health too (never a reason to be unready);
 *  - GET /metrics: Prometheus text, for loopback or the METRICS_TOKEN bearer only.
 * Also counts every request for the metrics (by route pattern). Call before any route is added,
 * so the counting hook covers them all.
 */
export function registerOps(
  app: FastifyInstance,
  ctx: AppContext,
  /** The realtime hub, for its count of open sockets (the metrics' gauge). */
  realtime: { clientCount: () => number },
  options: {
    metrics: Metrics;
    readiness: ReadinessOptions;
    /** The chain watchers' statuses, when the instance runs crypto rails. */
    chainWatchers?: (() => WatcherStatus[]) | undefined;
  },
): void {
  const { metrics } = options;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Probes come every few seconds: their lines would drown the log (failures still show in /readyz).
  const quiet = { logLevel: 'warn', schema: { hide: true } } as const;

  app.get('/healthz', quiet, (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', quiet, async (_request, reply) => {
    const result = await readiness(ctx, options.readiness);
    const chain = options.chainWatchers
      ? {
          chain: chainHealth(
            options
              .chainWatchers()
              .map((status) => ({ ...status, blocksBehind: blocksBehind(status) })),
            ctx.clock.now().getTime(),
          ),
        }
      : {};
    return reply
      .status(result.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: result.ready ? 'ready' : 'not ready', checks: result.checks, ...chain });
  });

  app.get('/metrics', quiet, async (request, reply) => {
    const access = metricsAccess(
      { socketAddress: request.socket.remoteAddress, headers: request.headers },
      ctx.config.metricsToken,
    );
    if (access === 'token-required') {
      reply.header('www-authenticate', 'Bearer');
      throw refusal('METRICS_TOKEN_REQUIRED');
    }
    if (access === 'not-local') {
      throw refusal('METRICS_LOCAL_ONLY');
    }
    metrics.setSnapshot(
      await metricsSnapshot(ctx, realtime.clientCount(), options.readiness.timeoutMs),
    );
    metrics.setChainWatchers(options.chainWatchers?.() ?? [], ctx.clock.now().getTime());
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
