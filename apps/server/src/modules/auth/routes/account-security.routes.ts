import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  okSchema,
  pendingEmailChangeSchema,
  verifyEmailSchema,
} from '@app/shared/schemas/auth';
import { accountKey, limitOn } from '../../../http/rate-limit';
import { requireUser } from '../../session';
import * as service from '../account-security.service';
import type { AuthApp, AuthRouteKit } from './kit';

/** A signed-in user's password change. */
export function passwordRoutes(app: AuthApp, { ctx, limiter, passwordAttempt }: AuthRouteKit) {
  app.post(
    '/password',
    {
      preHandler: limiter.guard(passwordAttempt),
      schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const auth = requireUser(request);
      await service.changePassword(ctx, auth.user, auth.sessionId, request.body, request.ip);
      await limiter.forgive(request);
      return { ok: true as const };
    },
  );
}

/** The account's e-mail address: a change asked for, shown while pending, and confirmed. */
export function emailChangeRoutes(app: AuthApp, kit: AuthRouteKit): void {
  const { ctx, limiter, family, userEmail } = kit;
  const tags = ['auth'];

  app.post(
    '/email',
    {
      // Password (and code) guesses count as at sign-in; mail to one recipient is limited as
      // sign-up limits it, so the answer "already has an account" cannot be asked in bulk.
      preHandler: limiter.guard([
        ...kit.passwordAttempt,
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

  app.get('/email', { schema: { tags, response: { 200: pendingEmailChangeSchema } } }, (request) =>
    service.pendingEmailChange(ctx, requireUser(request).user),
  );

  app.put(
    '/email',
    {
      preHandler: limiter.guard(kit.linkUse),
      schema: { tags, body: confirmEmailChangeSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await service.confirmEmailChange(ctx, request.body, request.ip);
      return { ok: true as const };
    },
  );
}

/** Proof that the user reads the account's mailbox: a verification link sent, and used. */
export function verificationRoutes(app: AuthApp, kit: AuthRouteKit): void {
  const { ctx, limiter, family } = kit;
  const tags = ['auth'];

  app.post(
    '/verification',
    {
      preHandler: limiter.guard([
        kit.linkByAddress,
        limitOn(family.mailByRecipient, kit.userEmail),
      ]),
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
      preHandler: limiter.guard(kit.linkUse),
      schema: { tags, body: verifyEmailSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await service.completeVerification(ctx, request.body);
      return { ok: true as const };
    },
  );
}
