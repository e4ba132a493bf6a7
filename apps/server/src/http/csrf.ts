import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function issueCsrfCookie(reply: FastifyReply, secure: boolean): string {
  const token = crypto.randomBytes(32).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  return token;
}

/**
 * Double-submit CSRF protection for every mutating API request: the header must repeat the
 * csrf cookie (which another site can neither read nor set), and a present Origin must be ours.
 * SameSite=Lax on the session cookie is a second, independent layer.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { allowedOrigins: string[]; secureCookies: boolean },
): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (!cookieToken) issueCsrfCookie(reply, options.secureCookies);
      return;
    }
    const origin = request.headers.origin;
    const host = request.headers.host;
    const originAllowed =
      origin === undefined ||
      options.allowedOrigins.includes(origin) ||
      (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
    const headerToken = request.headers[CSRF_HEADER];
    const tokenValid =
      typeof headerToken === 'string' && !!cookieToken && sameToken(headerToken, cookieToken);
    if (!originAllowed || !tokenValid) {
      throw new AppError(
        'CSRF_REJECTED',
        403,
        'Your session security check failed. Please reload the page and try again.',
      );
    }
  });
}
