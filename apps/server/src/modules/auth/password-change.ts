import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { refusal } from '../../http/errors';

/**
 * The operations an account that must change its password may still call: what changing it
 * takes (a CSRF token, the site's configuration to draw the screen, the change itself), who is
 * signed in, and signing out. Everything else under /api answers 403 PASSWORD_CHANGE_REQUIRED.
 */
export const ALLOWED_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  'GET /api/auth/csrf',
  'GET /api/config',
  'GET /api/auth/session',
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'POST /api/auth/password',
]);

/**
 * The admin printed at first start with a generated one-time password (seed.ts sets
 * users.password_change_required) chooses a password of their own before anything else. Bound to
 * every /api route as it is declared (like standing.ts), so a route added later is covered
 * without remembering to: the request's user, read by the session loader, is checked before the
 * route's own hooks (rate limits) and its body are looked at. Public operations are refused too
 * while signed in with such a session: the account signs out to read them as a visitor.
 */
export function bindPasswordChangeGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const allowed = methods.every((method) =>
      ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${method} ${route.url}`),
    );
    if (allowed) return;
    const guard: onRequestHookHandler = (request, _reply, done) => {
      if (request.auth?.user.passwordChangeRequired) {
        done(refusal('PASSWORD_CHANGE_REQUIRED'));
        return;
      }
      done();
    };
    const existing = route.onRequest;
    route.onRequest = existing
      ? [guard, ...(Array.isArray(existing) ? existing : [existing])]
      : [guard];
  });
}
