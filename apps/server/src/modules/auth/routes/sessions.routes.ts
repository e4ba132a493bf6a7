import { z } from 'zod';
import { meSchema, okSchema, sessionListSchema } from '@app/shared/schemas/auth';
import { rule } from '@app/shared/rules';
import { requireUser } from '../../session';
import { toMe } from '../../session';
import * as service from '../auth.service';
import { userResponse, type AuthApp, type AuthRouteKit } from './kit';

const sessionResponse = z.object({ user: meSchema.nullable() });

/** Who is signed in, and the user's own sessions (listed, and ended one by one). */
export function sessionRoutes(app: AuthApp, { ctx }: AuthRouteKit): void {
  const tags = ['auth'];

  app.get('/me', { schema: { tags, response: { 200: userResponse } } }, (request) => {
    return { user: toMe(requireUser(request).user) };
  });

  // Who is signed in, if anyone: what the web app asks on every page, public ones included, so a
  // visitor's browser is answered 200 { user: null } instead of logging a 401 on each page.
  app.get('/session', { schema: { tags, response: { 200: sessionResponse } } }, (request) => {
    return { user: request.auth ? toMe(request.auth.user) : null };
  });

  app.get(
    '/sessions',
    { schema: { tags, response: { 200: sessionListSchema } } },
    async (request) => {
      const auth = requireUser(request);
      const rows = await service.listSessions(ctx, auth.user.id);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === auth.sessionId,
          userAgent: row.userAgent,
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: rule('SESSION_ID_INVALID') }) }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await service.revokeOwnSession(ctx, auth.user.id, request.params.id);
      return { ok: true as const };
    },
  );
}
