import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import { refusal, type AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a route accepts when its schema declares no `consumes`: JSON, or no body at all. */
const DEFAULT_CONTENT_TYPES = ['application/json'];

/**
 * The CSRF token is `<nonce>.<mac>`, the mac binding the nonce to the session it was issued for
 * (or to "no session"). A token planted by another site or sub-domain, or one from an earlier
 * session of the same browser, does not verify: only this server, for this session, makes them.
 */
export class CsrfTokens {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer) {
    this.key = crypto.createHmac('sha256', secretsKey).update('csrf-token-v1').digest();
  }

  issue(sessionId: string | null): string {
    const nonce = crypto.randomBytes(24).toString('base64url');
    return `${nonce}.${this.mac(nonce, sessionId)}`;
  }

  verifies(token: string, sessionId: string | null): boolean {
    const [nonce, mac, extra] = token.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    return sameText(mac, this.mac(nonce, sessionId));
  }

  private mac(nonce: string, sessionId: string | null): string {
    return crypto
      .createHmac('sha256', this.key)
      .update(`${sessionId ?? 'anonymous'}|${nonce}`)
      .digest('base64url');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets a fresh CSRF cookie bound to `sessionId` (sign-in, sign-up, sign-out rotate it). */
    issueCsrfCookie(reply: FastifyReply, sessionId: string | null): string;
  }
}

export interface CsrfOptions {
  tokens: CsrfTokens;
  allowedOrigins: string[];
  secureCookies: boolean;
}

function csrfRejected(): AppError {
  return refusal('CSRF_REJECTED');
}

function mediaType(header: string): string {
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (!!length && length !== '0');
}

/**
 * A non-safe request may carry only a content type its route declares (`schema.consumes`, JSON by
 * default), and a body only with one: a plain HTML form (`text/plain`, urlencoded) reaches no
 * JSON route. The route is the one the router chose, so any spelling of its path is judged alike.
 */
function assertDeclaredContentType(request: FastifyRequest): void {
  const header = request.headers['content-type'];
  if (header === undefined) {
    if (hasBody(request)) throw unsupportedMediaType(undefined);
    return;
  }
  const declared = request.routeOptions.schema?.consumes ?? DEFAULT_CONTENT_TYPES;
  if (!declared.includes(mediaType(header))) throw unsupportedMediaType(mediaType(header));
}

function unsupportedMediaType(type: string | undefined): AppError {
  return refusal('UNSUPPORTED_MEDIA_TYPE', { contentType: type ?? null });
}

/**
 * CSRF protection for every non-safe request the server answers, whatever its path or spelling
 * (the decision never reads the URL): the header must repeat the csrf cookie, the token must
 * verify for the request's session, a present Origin must be ours and the browser must not call
 * it cross-site. SameSite=Lax on the session cookie is a second, independent layer.
 *
 * Registered after the session loader, so `request.auth` is known.
 */
export function registerCsrfProtection(app: FastifyInstance, options: CsrfOptions): void {
  const { tokens } = options;
  app.decorate('issueCsrfCookie', (reply: FastifyReply, sessionId: string | null) => {
    const token = tokens.issue(sessionId);
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: options.secureCookies,
      httpOnly: false,
    });
    return token;
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const sessionId = request.auth?.sessionId ?? null;
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      // A personal API token's read is no browser's: it gets no CSRF cookie.
      if (request.auth?.apiTokenId !== undefined) return;
      // API reads keep the browser's token in step with its session (expired, signed out elsewhere).
      const isApi = request.routeOptions.url?.startsWith('/api/') ?? false;
      if (isApi && !(cookieToken && tokens.verifies(cookieToken, sessionId))) {
        app.issueCsrfCookie(reply, sessionId);
      }
      return;
    }
    const origin = request.headers.origin;
    const host = request.headers.host;
    const originAllowed =
      origin === undefined ||
      options.allowedOrigins.includes(origin) ||
      (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    const headerToken = request.headers[CSRF_HEADER];
    const tokenValid =
      typeof headerToken === 'string' &&
      !!cookieToken &&
      sameText(headerToken, cookieToken) &&
      tokens.verifies(headerToken, sessionId);
    if (!originAllowed || crossSite || !tokenValid) throw csrfRejected();
    assertDeclaredContentType(request);
  });
}
