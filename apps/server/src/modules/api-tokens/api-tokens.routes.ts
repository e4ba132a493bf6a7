import type { FastifyRequest } from 'fastify';
import {
  apiTokenListSchema,
  apiTokenParamsSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@app/shared/schemas/api-tokens';
import type { AppContext } from '../../context';
import { deleteOwnRoute, signedInRoutes } from '../session';
import { accountKey, clientAddress, limitOn, rateLimiter } from '../../http/rate-limit';
import { authLimits } from '../session';
import { requireUser } from '../session';
import * as service from './api-tokens.service';

/**
 * The signed-in user's personal API tokens (/profile): made (the token shown once), listed with
 * their last use, revoked. Managing tokens takes a browser session; a token cannot make another,
 * and making one takes the password too (or a fresh sign-in), with its guesses limited as at login.
 */
export function apiTokenRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  const family = authLimits(ctx.config.rateLimits);
  // A password typed to make a token is a password guess like any other (counted only when given).
  const typedPassword = (request: FastifyRequest) =>
    (request.body as { password?: string } | undefined)?.password ? request : null;
  const passwordAttempt = [
    limitOn(family.guessByAddress, (request) => typedPassword(request) && clientAddress(request)),
    limitOn(family.passwordByAccount, (request) =>
      typedPassword(request) ? accountKey(request.auth?.user.email) : null,
    ),
  ];
  return signedInRoutes((app) => {
    const tags = ['api-tokens'];
    app.get('/', { schema: { tags, response: { 200: apiTokenListSchema } } }, async (request) => ({
      tokens: await service.listTokens(ctx, requireUser(request).user.id),
    }));
    app.post(
      '/',
      {
        preHandler: limiter.guard(passwordAttempt),
        schema: { tags, body: createApiTokenSchema, response: { 201: createdApiTokenSchema } },
      },
      async (request, reply) => {
        const created = await service.createToken(
          ctx,
          requireUser(request),
          request.body,
          request.ip,
        );
        await limiter.forgive(request);
        return reply.status(201).send(created);
      },
    );
    deleteOwnRoute(app, { tags, params: apiTokenParamsSchema }, (userId, id, ip) =>
      service.revokeToken(ctx, { userId, id, ip }),
    );
  });
}
