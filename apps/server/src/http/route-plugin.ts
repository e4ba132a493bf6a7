import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guardAdmin, guardSignedIn } from './guards';

/** The instance a route plugin adds its routes to: requests and replies typed by zod schemas. */
export type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A route plugin, as `app.register` takes it: `guard` (who may call its routes: guardSignedIn,
 * guardAdmin, a module's own) is hooked in first and holds for every route in it, then `routes`
 * adds them on the zod-typed instance.
 */
export function routePlugin(
  guard: ((fastify: FastifyInstance) => void) | null,
  routes: (app: ZodRoutes) => void,
) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void): void {
    guard?.(fastify);
    routes(fastify.withTypeProvider<ZodTypeProvider>());
    done();
  };
}

/** Routes anyone may call. */
export function publicRoutes(routes: (app: ZodRoutes) => void) {
  return routePlugin(null, routes);
}

/** Routes for a signed-in user (401 for a visitor). */
export function signedInRoutes(routes: (app: ZodRoutes) => void) {
  return routePlugin(guardSignedIn, routes);
}

/** Routes for an admin (401 for a visitor, 403 for anyone else). */
export function adminRoutes(routes: (app: ZodRoutes) => void) {
  return routePlugin(guardAdmin, routes);
}
