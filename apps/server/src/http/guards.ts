import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireUser } from '../modules/session';

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
