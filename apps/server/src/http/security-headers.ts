import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (CSP, nosniff, frame and referrer policies...) on every answer. The middleware
 * is built once: the @fastify/helmet plugin built it again on every request, parsing the CSP
 * directives each time (4–7 % of a worker's CPU under the bench's signed-in reads).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
