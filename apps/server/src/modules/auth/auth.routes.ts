import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  completeRecoverySchema,
  disableTwoFactorSchema,
  loginResultSchema,
  loginSchema,
  magicLinkRequestSchema,
  magicLinkSignInSchema,
  meSchema,
  okSchema,
  otpCodeSchema,
  pendingEmailChangeSchema,
  recoveryCodesSchema,
  recoverySchema,
  registerSchema,
  sessionListSchema,
  twoFactorSetupSchema,
  verifyEmailSchema,
} from '@app/shared/schemas/auth';
import { SESSION_COOKIE } from '@app/shared/http';
import type { AppContext } from '../../context';
import { accountKey, clientAddress, limitOn, rateLimiter } from '../../http/rate-limit';
import { toMe } from '../users/user.view';
import * as service from './auth.service';
import { authLimits } from '../session';
import { clearSessionCookie, requireUser, setSessionCookie } from '../session';
import { rule } from '@app/shared/rules';

const userResponse = z.object({ user: meSchema });
const sessionResponse = z.object({ user: meSchema.nullable() });

export function authRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  const family = authLimits(ctx.config.rateLimits);
  const bodyEmail = (request: FastifyRequest) =>
    accountKey((request.body as { email?: string } | undefined)?.email);
  const bodyUserId = (request: FastifyRequest) =>
    (request.body as { userId?: string } | undefined)?.userId?.toLowerCase();
  const userEmail = (request: FastifyRequest) => accountKey(request.auth?.user.email);
  const byAddress = limitOn(family.guessByAddress, clientAddress);
  const linkByAddress = limitOn(family.linkByAddress, clientAddress);
  const passwordAttempt = [byAddress, limitOn(family.passwordByAccount, userEmail)];
  const linkUse = [linkByAddress, limitOn(family.linkByAccount, bodyUserId)];
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.get(
      '/csrf',
      { schema: { tags, response: { 200: z.object({ token: z.string() }) } } },
      (request, reply) => {
        return { token: fastify.issueCsrfCookie(reply, request.auth?.sessionId ?? null) };
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
          byAddress,
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
          () =>
            limiter.forgive(request, [family.guessByAddress.name, family.passwordByAccount.name]),
          request.cookies[SESSION_COOKIE],
        );
        await limiter.forgive(request);
        if (outcome.status === 'otp_required') return { status: 'otp_required' as const };
        setSessionCookie(ctx, reply, outcome.session);
        return { status: 'ok' as const, user: toMe(outcome.user) };
      },
    );

    app.post(
      '/logout',
      { schema: { tags, response: { 200: okSchema } } },
      async (request, reply) => {
        if (request.auth) await service.logout(ctx, request.auth.user.id, request.auth.sessionId);
        clearSessionCookie(ctx, reply);
        return { ok: true as const };
      },
    );

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

    app.post(
      '/recovery',
      {
        preHandler: limiter.guard([linkByAddress, limitOn(family.mailByRecipient, bodyEmail)]),
        schema: { tags, body: recoverySchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.requestRecovery(ctx, request.body.email);
        return { ok: true as const };
      },
    );

    app.post(
      '/magic-link',
      {
        preHandler: limiter.guard([linkByAddress, limitOn(family.mailByRecipient, bodyEmail)]),
        schema: { tags, body: magicLinkRequestSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.requestMagicLink(ctx, request.body.email);
        return { ok: true as const };
      },
    );

    app.put(
      '/magic-link',
      {
        preHandler: limiter.guard([
          ...linkUse,
          // A code sent with the link counts against the account's two-factor allowance.
          limitOn(family.otpByAccount, (request) =>
            (request.body as { otp?: string } | undefined)?.otp ? bodyUserId(request) : null,
          ),
        ]),
        schema: { tags, body: magicLinkSignInSchema, response: { 200: loginResultSchema } },
      },
      async (request, reply) => {
        const outcome = await service.signInWithMagicLink(
          ctx,
          request.body,
          request,
          request.cookies[SESSION_COOKIE],
        );
        if (outcome.status === 'otp_required') return { status: 'otp_required' as const };
        setSessionCookie(ctx, reply, outcome.session);
        return { status: 'ok' as const, user: toMe(outcome.user) };
      },
    );

    app.put(
      '/recovery',
      {
        preHandler: limiter.guard(linkUse),
        schema: { tags, body: completeRecoverySchema, response: { 200: okSchema } },
      },
      async (request) => {
        const { email } = await service.completeRecovery(ctx, request.body, request.ip);
        // The owner proved the mailbox: whoever was guessing the old password locks them out no more.
        await limiter.clear(family.passwordByAccount.name, email.toLowerCase());
        return { ok: true as const };
      },
    );

    app.post(
      '/password',
      {
        preHandler: limiter.guard(passwordAttempt),
        schema: { tags, body: changePasswordSchema, response: { 200: okSchema } },
      },
      async (request) => {
        const auth = requireUser(request);
        await service.changePassword(ctx, auth.user, auth.sessionId, request.body, request.ip);
        await limiter.forgive(request);
        return { ok: true as const };
      },
    );

    app.post(
      '/email',
      {
        // Password (and code) guesses count as at sign-in; mail to one recipient is limited as
        // sign-up limits it, so the answer "already has an account" cannot be asked in bulk.
        preHandler: limiter.guard([
          ...passwordAttempt,
          limitOn(family.otpByAccount, (request) =>
            (request.body as { otp?: string } | undefined)?.otp ? userEmail(request) : null,
          ),
          limitOn(family.mailByRecipient, (request) =>
            accountKey((request.body as { newEmail?: string } | undefined)?.newEmail),
          ),
        ]),
        schema: { tags, body: changeEmailSchema, response: { 200: okSchema } },
      },
      async (request) => {
        const auth = requireUser(request);
        await service.requestEmailChange(ctx, auth.user, auth.sessionId, request.body, request.ip);
        // Mail sent still counts against the recipient; the secrets proved right are forgiven.
        await limiter.forgive(request, [
          family.guessByAddress.name,
          family.passwordByAccount.name,
          family.otpByAccount.name,
        ]);
        return { ok: true as const };
      },
    );

    app.get(
      '/email',
      { schema: { tags, response: { 200: pendingEmailChangeSchema } } },
      (request) => service.pendingEmailChange(ctx, requireUser(request).user),
    );

    app.put(
      '/email',
      {
        preHandler: limiter.guard(linkUse),
        schema: { tags, body: confirmEmailChangeSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.confirmEmailChange(ctx, request.body, request.ip);
        return { ok: true as const };
      },
    );

    app.post(
      '/verification',
      {
        preHandler: limiter.guard([linkByAddress, limitOn(family.mailByRecipient, userEmail)]),
        schema: { tags, response: { 200: okSchema } },
      },
      async (request) => {
        await service.sendVerification(ctx, requireUser(request).user);
        return { ok: true as const };
      },
    );

    app.put(
      '/verification',
      {
        preHandler: limiter.guard(linkUse),
        schema: { tags, body: verifyEmailSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.completeVerification(ctx, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/2fa/setup',
      { schema: { tags, response: { 200: twoFactorSetupSchema } } },
      async (request) => {
        return service.beginTwoFactorSetup(ctx, requireUser(request).user);
      },
    );

    app.post(
      '/2fa/enable',
      {
        preHandler: limiter.guard([byAddress, limitOn(family.otpByAccount, userEmail)]),
        schema: { tags, body: otpCodeSchema, response: { 200: recoveryCodesSchema } },
      },
      async (request) => {
        const auth = requireUser(request);
        const recoveryCodes = await service.enableTwoFactor(
          ctx,
          auth.user,
          auth.sessionId,
          request.body.otp,
          request.ip,
        );
        await limiter.forgive(request);
        return { recoveryCodes };
      },
    );

    app.post(
      '/2fa/disable',
      {
        preHandler: limiter.guard(passwordAttempt),
        schema: { tags, body: disableTwoFactorSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.disableTwoFactor(ctx, requireUser(request).user, request.body, request.ip);
        await limiter.forgive(request);
        return { ok: true as const };
      },
    );
    done();
  };
}
