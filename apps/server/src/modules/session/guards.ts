import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { okSchema } from '@app/shared/schemas/auth';
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

/**
 * DELETE /:id of one of the signed-in user's own things (an API token, a linked provider
 * account): `remove` gets the user's id, the id asked for and the caller's address, and refuses
 * what is not theirs; done, the answer is `{ ok: true }`.
 */
export function deleteOwnRoute(
  app: ZodRoutes,
  options: { tags: string[]; params: z.ZodType<{ id: string }> },
  remove: (userId: string, id: string, ip: string) => Promise<void>,
): void {
  app.delete(
    '/:id',
    { schema: { tags: options.tags, params: options.params, response: { 200: okSchema } } },
    async (request) => {
      await remove(requireUser(request).user.id, request.params.id, request.ip);
      return { ok: true as const };
    },
  );
}

/**
 * Routes for a signed-in user that take one uploaded file: multipart bodies of a single file part
 * of at most `maxFileBytes` and no other field (an avatar, a verification document).
 */
export function signedInUploadRoutes(maxFileBytes: number, routes: (app: ZodRoutes) => void) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    guardSignedIn(fastify);
    await fastify.register(fastifyMultipart, {
      limits: { fileSize: maxFileBytes, files: 1, fields: 0, parts: 2 },
    });
    routes(fastify.withTypeProvider<ZodTypeProvider>());
  };
}
