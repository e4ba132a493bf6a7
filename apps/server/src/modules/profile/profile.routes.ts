import { atMostCharacters } from '@app/shared/schemas/common';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activityPageSchema, activityQuerySchema } from '@app/shared/schemas/activity';
import { meSchema } from '@app/shared/schemas/auth';
import {
  AVATAR_MAX_BYTES,
  referralListSchema,
  updateProfileSchema,
} from '@app/shared/schemas/profile';
import type { AppContext } from '../../context';
import { refusal } from '../../http/errors';
import { signedInUploadRoutes } from '../session';
import { readOneFile } from '../../http/multipart';
import { clientAddress, limitOn, rateLimiter, type RateLimiter } from '../../http/rate-limit';
import { queryRoute, type ZodRoutes } from '../../http/route-plugin';
import { activityOf } from '../audit';
import { requireUser, toMe } from '../session';
import {
  avatarFile,
  clearAvatar,
  referralsOf,
  updateProfile,
  uploadAvatar,
} from './profile.service';

/** Avatar uploads one account may make per 10 minutes. */
export const AVATAR_UPLOADS_PER_WINDOW = 10;
const avatarUploadsByAccount = {
  name: 'avatar:account',
  max: AVATAR_UPLOADS_PER_WINDOW,
  windowMs: 10 * 60_000,
};

const userResponse = z.object({ user: meSchema });

/**
 * POST /avatar (a PNG or JPEG, re-encoded; rate-limited per account) and DELETE /avatar, for the
 * signed-in user's own picture.
 */
function avatarRoutes(app: ZodRoutes, ctx: AppContext, limiter: RateLimiter): void {
  const tags = ['profile'];
  app.post(
    '/avatar',
    {
      bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
      // Per account, whatever the address: decoding images is the costliest thing a user can ask.
      preHandler: limiter.guard([
        limitOn(
          avatarUploadsByAccount,
          (request) => request.auth?.user.id ?? clientAddress(request),
        ),
      ]),
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: userResponse } },
    },
    async (request) => {
      const { user } = requireUser(request);
      const file = await readOneFile(request, {
        maxBytes: AVATAR_MAX_BYTES,
        missing: () => refusal('AVATAR_REQUIRED', {}, 'avatar'),
        oversized: () => refusal('AVATAR_TOO_LARGE', {}, 'avatar'),
      });
      if (!/\.(png|jpe?g)$/i.test(file.filename))
        throw refusal('AVATAR_FORMAT_UNSUPPORTED', {}, 'avatar');
      return { user: await uploadAvatar(ctx, user.id, file.bytes) };
    },
  );

  app.delete('/avatar', { schema: { tags, response: { 200: userResponse } } }, async (request) => {
    const { user } = requireUser(request);
    await clearAvatar(ctx, user.id);
    return { user: toMe({ ...user, avatarPath: null }) };
  });
}

/**
 * The signed-in user's own profile: contact details, avatar, referrals and account activity. Never
 * another's.
 */
export function profileRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  return signedInUploadRoutes(AVATAR_MAX_BYTES, (app) => {
    const tags = ['profile'];

    app.patch(
      '/',
      { schema: { tags, body: updateProfileSchema, response: { 200: userResponse } } },
      async (request) => {
        const { user } = requireUser(request);
        return { user: await updateProfile(ctx, user, request.body, request.ip) };
      },
    );

    avatarRoutes(app, ctx, limiter);

    app.get(
      '/referrals',
      {
        schema: {
          tags,
          querystring: z.object({
            q: z.string().trim().max(100, atMostCharacters(100)).optional(),
          }),
          response: { 200: referralListSchema },
        },
      },
      async (request) => {
        return referralsOf(ctx, requireUser(request).user, request.query.q);
      },
    );

    queryRoute(
      app,
      '/activity',
      { tags, querystring: activityQuerySchema, response: activityPageSchema },
      (request, query) => activityOf(ctx, requireUser(request).user.id, query),
    );
  });
}

/** Serves stored avatars (our own re-encoded JPEGs, by random name) at /uploads/avatars/<name>. */
export function avatarFileRoute(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    fastify.get('/uploads/avatars/:name', { schema: { hide: true } }, async (request, reply) => {
      const file = avatarFile(ctx, (request.params as { name: string }).name);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    });
    done();
  };
}
