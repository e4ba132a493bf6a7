import type { FastifyInstance } from 'fastify';
import { routePlugin, type ZodRoutes } from '../../http/route-plugin';
import { requireAdmin, requireUser } from './session';

/**
 * Guards for a whole encapsulated plugin: call inside a plugin and every route it registers
 * checks the role on the server (401 for a visitor, 403 for a signed-in non-admin).
 */
export function guardSignedIn(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requireUser(request);
    done();
  });
}

export function guardAdmin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requireAdmin(request);
    done();
  });
}

/** Routes for a signed-in user (401 for a visitor). */
export function signedInRoutes(routes: (app: ZodRoutes) => void) {
  return routePlugin(guardSignedIn, routes);
}

/** Routes for an admin (401 for a visitor, 403 for anyone else). */
export function adminRoutes(routes: (app: ZodRoutes) => void) {
  return routePlugin(guardAdmin, routes);
}
