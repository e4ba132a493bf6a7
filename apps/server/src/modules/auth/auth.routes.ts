import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  completeRecoverySchema,
  disableTwoFactorSchema,
  loginResultSchema,
  loginSchema,
  meSchema,
  okSchema,
  otpCodeSchema,
  recoveryCodesSchema,
  recoverySchema,
  registerSchema,
  sessionListSchema,
  twoFactorSetupSchema,
  verifyEmailSchema,
} from '@app/shared/schemas/auth';
import { SESSION_COOKIE } from '@app/shared/http';
import type { AppContext } from '../../context';
import { issueCsrfCookie } from '../../http/csrf';
import { toMe } from '../users/user.view';
import * as service from './auth.service';
import { digest } from './crypto';
import { findSessionByDigest, revokeSession } from './auth.repo';
import { clearSessionCookie, requireUser, secureCookies, setSessionCookie } from './session';

const userResponse = z.object({ user: meSchema });

export function authRoutes(ctx: AppContext) {
  const limits = ctx.config.rateLimits;
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.get(
      '/csrf',
      { schema: { tags, response: { 200: z.object({ token: z.string() }) } } },
      (_request, reply) => {
        return { token: issueCsrfCookie(reply, secureCookies(ctx)) };
      },
    );

    app.post(
      '/register',
      {
        config: { rateLimit: { max: limits.register, timeWindow: '1 hour' } },
        schema: { tags, body: registerSchema, response: { 201: userResponse } },
      },
      async (request, reply) => {
        const { user, session } = await service.register(ctx, request.body, request);
        setSessionCookie(ctx, reply, session.token);
        return reply.status(201).send({ user: toMe(user) });
      },
    );

    app.post(
      '/login',
      {
        config: {
          rateLimit: {
            max: limits.login,
            timeWindow: '15 minutes',
            hook: 'preHandler',
            // Per address and per account, so one attacker cannot lock every account out.
            keyGenerator: (request) => {
              const email = (request.body as { email?: unknown } | undefined)?.email;
              return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
            },
          },
        },
        schema: { tags, body: loginSchema, response: { 200: loginResultSchema } },
      },
      async (request, reply) => {
        const outcome = await service.login(ctx, request.body, request);
        if (outcome.status === 'otp_required') return { status: 'otp_required' as const };
        // Rotate: whatever session the browser held before is ended.
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) {
          const found = await findSessionByDigest(ctx.db, digest(previous));
          if (found) await revokeSession(ctx.db, found.user.id, found.session.id, ctx.clock.now());
        }
        setSessionCookie(ctx, reply, outcome.session.token);
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
          params: z.object({ id: z.uuid({ error: 'Session not found' }) }),
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
        config: { rateLimit: { max: limits.recovery, timeWindow: '1 hour' } },
        schema: { tags, body: recoverySchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.requestRecovery(ctx, request.body.email);
        return { ok: true as const };
      },
    );

    app.put(
      '/recovery',
      {
        config: { rateLimit: { max: limits.recovery, timeWindow: '1 hour' } },
        schema: { tags, body: completeRecoverySchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.completeRecovery(ctx, request.body, request.ip);
        return { ok: true as const };
      },
    );

    app.post(
      '/password',
      { schema: { tags, body: changePasswordSchema, response: { 200: okSchema } } },
      async (request) => {
        const auth = requireUser(request);
        await service.changePassword(ctx, auth.user, auth.sessionId, request.body, request.ip);
        return { ok: true as const };
      },
    );

    app.post(
      '/verification',
      { schema: { tags, response: { 200: okSchema } } },
      async (request) => {
        await service.sendVerification(ctx, requireUser(request).user);
        return { ok: true as const };
      },
    );

    app.put(
      '/verification',
      { schema: { tags, body: verifyEmailSchema, response: { 200: okSchema } } },
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
        config: { rateLimit: { max: limits.twoFactor, timeWindow: '15 minutes' } },
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
        return { recoveryCodes };
      },
    );

    app.post(
      '/2fa/disable',
      {
        config: { rateLimit: { max: limits.twoFactor, timeWindow: '15 minutes' } },
        schema: { tags, body: disableTwoFactorSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await service.disableTwoFactor(ctx, requireUser(request).user, request.body, request.ip);
        return { ok: true as const };
      },
    );
    done();
  };
}
