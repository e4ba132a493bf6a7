import type { FastifyInstance } from 'fastify';
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
 * users.password_change_required) chooses a password of their own before anything else. A hook
 * of the whole app, registered after the session loader: it runs before every plugin's own
 * checks (a trader-only or admin-only guard) and every route's hooks (rate limits), so the answer
 * is the same 403 PASSWORD_CHANGE_REQUIRED whatever the operation, and a route added later is
 * covered without remembering to. Public operations are refused too while signed in with such a
 * session (the account signs out to read them as a visitor).
 */
export function bindPasswordChangeGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (
      request.auth?.user.passwordChangeRequired &&
      route?.startsWith('/api/') &&
      !ALLOWED_BEFORE_PASSWORD_CHANGE.has(
        `${request.method === 'HEAD' ? 'GET' : request.method} ${route}`,
      )
    ) {
      done(refusal('PASSWORD_CHANGE_REQUIRED'));
      return;
    }
    done();
  });
}
