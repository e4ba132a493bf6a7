import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The instance a route plugin adds its routes to: requests and replies typed by zod schemas. */
export type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A route plugin, as `app.register` takes it: `guard` (who may call its routes: the session
 * module's guardSignedIn or guardAdmin, a module's own) is hooked in first and holds for every route in it, then `routes`
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

/**
 * GET / with a `status` query: an admin's review queue (applications, verifications, approvals)
 * in one state, answered by `list`.
 */
export function statusQueueRoute<Status extends string, Answer>(
  app: ZodRoutes,
  schema: {
    tags: string[];
    querystring: z.ZodType<{ status: Status }>;
    response: z.ZodType<unknown, Answer>;
  },
  list: (status: Status) => Promise<Answer>,
): void {
  queryRoute(app, '/', schema, (_request, query) => list(query.status));
}

/**
 * GET `path` with a query checked by `schema.querystring`: `answer` replies from the request (its
 * caller) and the query.
 */
export function queryRoute<Query, Answer>(
  app: ZodRoutes,
  path: string,
  schema: { tags: string[]; querystring: z.ZodType<Query>; response: z.ZodType<unknown, Answer> },
  answer: (request: FastifyRequest, query: Query) => Promise<Answer>,
): void {
  app.get(
    path,
    {
      schema: {
        tags: schema.tags,
        querystring: schema.querystring,
        response: { 200: schema.response },
      },
    },
    // The type provider widens a query that may be undefined; a route's query is an object.
    (request) => answer(request, request.query as Query),
  );
}

/**
 * POST `path` that creates something: the body checked by `schema.body`, `create` makes it from
 * the request (its caller, its address) and the body, and the answer goes out as 201 Created.
 */
export function createdRoute<Body, Answer>(
  app: ZodRoutes,
  path: string,
  schema: { tags: string[]; body: z.ZodType<Body>; response: z.ZodType<unknown, Answer> },
  create: (request: FastifyRequest, body: Body) => Promise<Answer>,
): void {
  app.post(
    path,
    { schema: { tags: schema.tags, body: schema.body, response: { 201: schema.response } } },
    // `schema.body` has parsed the body; the type provider only cannot see through the generic.
    async (request, reply) => reply.status(201).send(await create(request, request.body as Body)),
  );
}
