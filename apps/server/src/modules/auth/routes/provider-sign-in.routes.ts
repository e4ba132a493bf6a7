import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ErrorCode } from '@app/shared/errors';
import { SESSION_COOKIE } from '@app/shared/http';
import { okSchema } from '@app/shared/schemas/auth';
import {
  linkWithPasswordSchema,
  pendingSignInSchema,
  providerOtpSchema,
  providerParamsSchema,
  providerRegisterSchema,
  publicProviderListSchema,
} from '@app/shared/schemas/sign-in';
import { rule } from '@app/shared/rules';
import type { AppContext } from '../../../context';
import { AppError } from '../../../http/errors';
import { accountKey, clientAddress, limitOn, rateLimiter } from '../../../http/rate-limit';
import { publicRoutes, type ZodRoutes } from '../../../http/route-plugin';
import { authLimits, secureCookies, setSessionCookie, toMe } from '../../session';
import { publicProviders } from '../../sign-in-providers';
import * as service from '../provider-sign-in.service';
import { userResponse } from './kit';

const COOKIE_PATH = '/api/auth/oidc';

function setSealedCookie(ctx: AppContext, reply: FastifyReply, name: string, value: string) {
  reply.setCookie(name, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx),
    maxAge: 600,
  });
}

function clearSealedCookie(ctx: AppContext, reply: FastifyReply, name: string) {
  reply.clearCookie(name, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx),
  });
}

/**
 * A browser navigation (start, callback) that was refused lands on /login, which names the code.
 * Never a JSON answer: a person is looking at it.
 */
function backToLogin(reply: FastifyReply, error: { code: ErrorCode }) {
  return reply.redirect(`/login?signInError=${encodeURIComponent(error.code)}`, 303);
}

/**
 * "Continue with …": the ways in through an OpenID Connect provider. The start and callback are
 * browser navigations (answered with redirects); the steps after them are JSON calls from the
 * /sign-in/continue page, behind the usual CSRF rules.
 */
export function signInProviderRoutes(ctx: AppContext) {
  return publicRoutes((app) => {
    providerRedirectRoutes(app, ctx);
    pendingSignInRoutes(app, ctx);
    completeSignInRoutes(app, ctx);
  });
}

/** The browser's navigations: the providers offered, the way out to one, and the way back. */
function providerRedirectRoutes(app: ZodRoutes, ctx: AppContext): void {
  const tags = ['auth'];

  app.get(
    '/providers',
    { schema: { tags, response: { 200: publicProviderListSchema } } },
    async () => ({ providers: await publicProviders(ctx) }),
  );

  app.get(
    '/:provider/start',
    // A malformed id goes back to the sign-in page too (attachValidation: no JSON 400).
    { attachValidation: true, schema: { tags, params: providerParamsSchema } },
    async (request, reply) => {
      if (request.validationError) {
        return backToLogin(reply, { code: 'OIDC_PROVIDER_NOT_FOUND' });
      }
      try {
        const { url, flow } = await service.startSignIn(ctx, request.params.provider);
        setSealedCookie(ctx, reply, service.FLOW_COOKIE, flow);
        return await reply.redirect(url, 303);
      } catch (error) {
        if (error instanceof AppError) return backToLogin(reply, error);
        throw error;
      }
    },
  );

  app.get(
    '/:provider/callback',
    {
      // Every malformed callback (a parameter repeated, as ?code=a&code=b, or over-long; a
      // malformed provider id) goes back to the sign-in page with a code, never a JSON 400.
      attachValidation: true,
      schema: {
        tags,
        params: providerParamsSchema,
        // What the provider sends back: each parameter once, as text; checked by the flow.
        querystring: z.record(z.string(), z.string().max(4000, rule('INVALID_INPUT'))),
      },
    },
    async (request, reply) => {
      clearSealedCookie(ctx, reply, service.FLOW_COOKIE);
      if (request.validationError) {
        request.log.warn({ event: 'oidc_sign_in_refused', code: 'OIDC_CALLBACK_INVALID' });
        return backToLogin(reply, { code: 'OIDC_CALLBACK_INVALID' });
      }
      try {
        const outcome = await service.finishSignIn(
          ctx,
          request.params.provider,
          request,
          request.cookies[service.FLOW_COOKIE],
          request.cookies[SESSION_COOKIE],
        );
        if (outcome.kind === 'signed_in') {
          setSessionCookie(ctx, reply, outcome.session);
          return await reply.redirect('/dashboard', 303);
        }
        setSealedCookie(ctx, reply, service.PENDING_COOKIE, outcome.pending);
        return await reply.redirect('/sign-in/continue', 303);
      } catch (error) {
        if (error instanceof AppError) {
          request.log.warn({ event: 'oidc_sign_in_refused', code: error.code });
          return backToLogin(reply, error);
        }
        throw error;
      }
    },
  );
}

/** The pending sign-in, as the /sign-in/continue page reads it, and dropped. */
function pendingSignInRoutes(app: ZodRoutes, ctx: AppContext): void {
  const tags = ['auth'];

  app.get(
    '/pending',
    { schema: { tags, response: { 200: pendingSignInSchema } } },
    async (request) => ({
      pending: await service.pendingOf(ctx, request.cookies[service.PENDING_COOKIE]),
    }),
  );

  app.delete('/pending', { schema: { tags, response: { 200: okSchema } } }, (_request, reply) => {
    clearSealedCookie(ctx, reply, service.PENDING_COOKIE);
    return { ok: true as const };
  });
}

type SignedIn = Awaited<ReturnType<typeof service.completeWithSecondFactor>>;

/** The pending sign-in is over: its cookie goes, the new session's comes. */
function signedInFromPending(
  ctx: AppContext,
  reply: FastifyReply,
  session: Parameters<typeof setSessionCookie>[2],
): void {
  clearSealedCookie(ctx, reply, service.PENDING_COOKIE);
  setSessionCookie(ctx, reply, session);
}

/** The steps that end a pending sign-in: link with the password, second factor, or sign up. */
function completeSignInRoutes(app: ZodRoutes, ctx: AppContext): void {
  const limiter = rateLimiter(ctx);
  const family = authLimits(ctx.config.rateLimits);
  const pendingEmail = (request: FastifyRequest) =>
    accountKey(service.pendingEmail(ctx, request.cookies[service.PENDING_COOKIE]));
  const byAddress = limitOn(family.guessByAddress, clientAddress);
  const tags = ['auth'];

  /**
   * A proof that ends the pending sign-in (the password, the second factor): the service checks
   * it against the pending cookie and the session it replaces; once it holds, the guesses counted
   * against the address and the account are forgiven and the session's cookie comes.
   */
  async function finishPendingSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    prove: (pending: string | undefined, previousToken: string | undefined) => Promise<SignedIn>,
  ) {
    const { user, session } = await prove(
      request.cookies[service.PENDING_COOKIE],
      request.cookies[SESSION_COOKIE],
    );
    await limiter.forgive(request);
    signedInFromPending(ctx, reply, session);
    return { user: toMe(user) };
  }

  app.post(
    '/link',
    {
      preHandler: limiter.guard([
        byAddress,
        limitOn(family.passwordByAccount, pendingEmail),
        limitOn(family.otpByAccount, (request) =>
          (request.body as { otp?: string } | undefined)?.otp ? pendingEmail(request) : null,
        ),
      ]),
      schema: { tags, body: linkWithPasswordSchema, response: { 200: userResponse } },
    },
    (request, reply) =>
      finishPendingSignIn(request, reply, (pending, previousToken) =>
        service.linkWithPassword(ctx, pending, request.body, request, previousToken),
      ),
  );

  app.post(
    '/otp',
    {
      preHandler: limiter.guard([byAddress, limitOn(family.otpByAccount, pendingEmail)]),
      schema: { tags, body: providerOtpSchema, response: { 200: userResponse } },
    },
    (request, reply) =>
      finishPendingSignIn(request, reply, (pending, previousToken) =>
        service.completeWithSecondFactor(ctx, pending, request.body.otp, request, previousToken),
      ),
  );

  app.post(
    '/register',
    {
      preHandler: limiter.guard([limitOn(family.registerByAddress, clientAddress)]),
      schema: { tags, body: providerRegisterSchema, response: { 201: userResponse } },
    },
    async (request, reply) => {
      const { user, session } = await service.registerWithProvider(
        ctx,
        request.cookies[service.PENDING_COOKIE],
        request.body,
        request,
      );
      signedInFromPending(ctx, reply, session);
      return reply.status(201).send({ user: toMe(user) });
    },
  );
}
