import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX } from '@app/shared/schemas/api-tokens';
import type { AppContext } from '../../context';
import { refusal } from '../../http/errors';
import { limitOn, rateLimiter } from '../../http/rate-limit';
import { findUserById } from '../session';
import { findLiveToken, recordTokenRequest } from './api-tokens.service';

/**
 * The only operations a personal API token reaches: reading the owner's account summary, trades,
 * transactions and statements. Everything else (admin, money movements, the profile, the tokens
 * themselves) answers 403 API_TOKEN_NOT_ALLOWED even with a valid token.
 */
export const API_TOKEN_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /api/account/summary',
  'GET /api/trades/open',
  'GET /api/trades/history',
  'GET /api/trades/current',
  'GET /api/transactions',
  'GET /api/transactions/:transactionId',
  'GET /api/statements/account',
  'GET /api/statements/annual',
  'GET /api/statements/trades',
]);

/** The bearer token of an API request, or null when it sends none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * Whether a request is answered by the API (the token rules) rather than /metrics or a page: by the
 * route the router chose, so every spelling of an API path is judged alike.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/');
}

/**
 * `Authorization: Bearer <token>` on an API request: the request is the token's, never a cookie
 * session's (a cookie sent along is ignored, so a session can never be used through this path).
 * Each token is limited per minute; every request made with a live token is audited as what
 * happened: used (and counted as its last use) or refused, with why. Registered after the session loader and before the CSRF
 * check: a token only ever reaches GET operations, which need no CSRF token, and any other
 * method is refused here.
 */
export function registerApiTokenAccess(app: FastifyInstance, ctx: AppContext): void {
  const limiter = rateLimiter(ctx);
  const perToken = {
    name: 'api-token:token',
    max: ctx.config.rateLimits.apiToken,
    windowMs: 60_000,
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const token = bearerTokenOf(request);
    if (token === null) return;
    request.auth = null;
    if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 100) {
      throw refusal('API_TOKEN_INVALID');
    }
    const row = await findLiveToken(ctx, token);
    const user = row ? await findUserById(ctx.db, row.userId) : undefined;
    if (!row || !user) throw refusal('API_TOKEN_INVALID');
    await limiter.guard([limitOn(perToken, () => row.id)])(request, reply);
    // The route the router chose (any spelling of its path alike), without a trailing slash.
    const route = (request.routeOptions.url ?? request.url.split('?')[0] ?? '').replace(/\/$/, '');
    const operation = `${request.method} ${route}`;
    const allowed = API_TOKEN_OPERATIONS.has(operation);
    await recordTokenRequest(
      ctx,
      row,
      { method: request.method, route: route.slice(0, 300), ip: request.ip },
      allowed ? null : 'API_TOKEN_NOT_ALLOWED',
    );
    if (!allowed) throw refusal('API_TOKEN_NOT_ALLOWED');
    request.auth = { user, sessionId: row.id, apiTokenId: row.id };
  });
}
