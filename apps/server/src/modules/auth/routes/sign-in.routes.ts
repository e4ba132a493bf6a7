import { z } from 'zod';
import { loginResultSchema, loginSchema, okSchema, registerSchema } from '@app/shared/schemas/auth';
import { SESSION_COOKIE } from '@app/shared/http';
import { clientAddress, limitOn } from '../../../http/rate-limit';
import { clearSessionCookie, setSessionCookie } from '../../session';
import { toMe } from '../../session';
import * as service from '../auth.service';
import { userResponse, type AuthApp, type AuthRouteKit } from './kit';

/** The CSRF token, sign-up, sign-in with a password (and its second step) and sign-out. */
export function signInRoutes(app: AuthApp, kit: AuthRouteKit): void {
  const { ctx, limiter, family, bodyEmail } = kit;
  const tags = ['auth'];

  app.get(
    '/csrf',
    { schema: { tags, response: { 200: z.object({ token: z.string() }) } } },
    (request, reply) => {
      return { token: app.issueCsrfCookie(reply, request.auth?.sessionId ?? null) };
    },
  );

  app.post(
    '/register',
    {
      preHandler: limiter.guard([
        limitOn(family.registerByAddress, clientAddress),
        limitOn(family.mailByRecipient, bodyEmail),
      ]),
      schema: { tags, body: registerSchema, response: { 201: userResponse } },
    },
    async (request, reply) => {
      const { user, session } = await service.register(ctx, request.body, request);
      setSessionCookie(ctx, reply, session);
      return reply.status(201).send({ user: toMe(user) });
    },
  );

  app.post(
    '/login',
    {
      preHandler: limiter.guard([
        kit.byAddress,
        limitOn(family.passwordByAccount, bodyEmail),
        // Only the second step (a code is sent) counts against the account's TOTP allowance.
        limitOn(family.otpByAccount, (request) =>
          (request.body as { otp?: string }).otp ? bodyEmail(request) : null,
        ),
      ]),
      schema: { tags, body: loginSchema, response: { 200: loginResultSchema } },
    },
    async (request, reply) => {
      // Rotation: the session the browser held before (its cookie) ends when this one starts.
      const outcome = await service.login(
        ctx,
        request.body,
        request,
        () => limiter.forgive(request, [family.guessByAddress.name, family.passwordByAccount.name]),
        request.cookies[SESSION_COOKIE],
      );
      await limiter.forgive(request);
      if (outcome.status === 'otp_required') return { status: 'otp_required' as const };
      setSessionCookie(ctx, reply, outcome.session);
      return { status: 'ok' as const, user: toMe(outcome.user) };
    },
  );

  app.post('/logout', { schema: { tags, response: { 200: okSchema } } }, async (request, reply) => {
    if (request.auth) await service.logout(ctx, request.auth.user.id, request.auth.sessionId);
    clearSessionCookie(ctx, reply);
    return { ok: true as const };
  });
}
