import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { meSchema } from '@app/shared/schemas/auth';
import type { AppContext } from '../../../context';
import { accountKey, clientAddress, limitOn, rateLimiter } from '../../../http/rate-limit';
import type { ZodRoutes } from '../../../http/route-plugin';
import { authLimits } from '../../session';

/** The /api/auth plugin's app, typed by its zod schemas. */
export type AuthApp = ZodRoutes;

export const userResponse = z.object({ user: meSchema });

/**
 * What every group of /api/auth routes shares: the context, the rate limiter and the limits of
 * the ways in, with the keys they count by (session/auth.limits.ts says why each exists).
 */
export function authRouteKit(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  const family = authLimits(ctx.config.rateLimits);
  const bodyEmail = (request: FastifyRequest) =>
    accountKey((request.body as { email?: string } | undefined)?.email);
  const bodyUserId = (request: FastifyRequest) =>
    (request.body as { userId?: string } | undefined)?.userId?.toLowerCase();
  const userEmail = (request: FastifyRequest) => accountKey(request.auth?.user.email);
  const byAddress = limitOn(family.guessByAddress, clientAddress);
  const linkByAddress = limitOn(family.linkByAddress, clientAddress);
  return {
    ctx,
    limiter,
    family,
    bodyEmail,
    bodyUserId,
    userEmail,
    byAddress,
    linkByAddress,
    /** A password guessed by a signed-in user (change password, e-mail, 2FA off). */
    passwordAttempt: [byAddress, limitOn(family.passwordByAccount, userEmail)],
    /** A one-time link used (recovery, verification, change of address). */
    linkUse: [linkByAddress, limitOn(family.linkByAccount, bodyUserId)],
  };
}

export type AuthRouteKit = ReturnType<typeof authRouteKit>;
