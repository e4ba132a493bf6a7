import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okSchema } from '@app/shared/schemas/auth';
import {
  apiTokenListSchema,
  apiTokenParamsSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@app/shared/schemas/api-tokens';
import type { AppContext } from '../../context';
import { guardSignedIn } from '../../http/guards';
import { requireUser } from '../auth/session';
import * as service from './api-tokens.service';

/**
 * The signed-in user's personal API tokens (/profile): made (the token shown once), listed with
 * their last use, revoked. Managing tokens takes a browser session; a token cannot make another.
 */
export function apiTokenRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardSignedIn(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['api-tokens'];
    app.get('/', { schema: { tags, response: { 200: apiTokenListSchema } } }, async (request) => ({
      tokens: await service.listTokens(ctx, requireUser(request).user.id),
    }));
    app.post(
      '/',
      { schema: { tags, body: createApiTokenSchema, response: { 201: createdApiTokenSchema } } },
      async (request, reply) => {
        const { user } = requireUser(request);
        const created = await service.createToken(ctx, user.id, request.body, request.ip);
        return reply.status(201).send(created);
      },
    );
    app.delete(
      '/:id',
      { schema: { tags, params: apiTokenParamsSchema, response: { 200: okSchema } } },
      async (request) => {
        const { user } = requireUser(request);
        await service.revokeToken(ctx, user.id, request.params.id, request.ip);
        return { ok: true as const };
      },
    );
    done();
  };
}
