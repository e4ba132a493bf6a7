import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (CSP, nosniff, frame and referrer policies...) on every answer. They depend
 * only on the options, never on the request: helmet runs once at start-up against a recording
 * response, and each answer gets the recorded headers (running helmet's thirteen middlewares on
 * every request cost 3 % of a worker's CPU under the bench's signed-in reads; the @fastify/helmet
 * plugin, which also parsed the CSP directives each time, 4–7 %).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with `options` (it also removes X-Powered-By, which we never send). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const recorded: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete recorded[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure instanceof Error) throw failure;
  if (failure) throw new Error('helmet refused its options');
  return recorded;
}
