import {
  completeRecoverySchema,
  loginResultSchema,
  magicLinkRequestSchema,
  magicLinkSignInSchema,
  okSchema,
  recoverySchema,
} from '@app/shared/schemas/auth';
import { SESSION_COOKIE } from '@app/shared/http';
import { limitOn } from '../../../http/rate-limit';
import { setSessionCookie } from '../../session';
import { toMe } from '../../session';
import * as service from '../links.service';
import type { AuthApp, AuthRouteKit } from './kit';

/** Links by e-mail: password recovery and one-time sign-in links, asked for and used. */
export function linkRoutes(app: AuthApp, kit: AuthRouteKit): void {
  const { ctx, limiter, family, bodyEmail, linkByAddress, linkUse } = kit;
  const tags = ['auth'];
  const mailAsked = () =>
    limiter.guard([linkByAddress, limitOn(family.mailByRecipient, bodyEmail)]);

  /**
   * A link asked for by e-mail: limited by address and by recipient, and always answered ok, so
   * nobody learns from it whether the address has an account.
   */
  function linkAsked(
    path: string,
    body: typeof recoverySchema | typeof magicLinkRequestSchema,
    send: (ctx: AuthRouteKit['ctx'], email: string) => Promise<void>,
  ): void {
    app.post(
      path,
      { preHandler: mailAsked(), schema: { tags, body, response: { 200: okSchema } } },
      async (request) => {
        await send(ctx, request.body.email);
        return { ok: true as const };
      },
    );
  }

  linkAsked('/recovery', recoverySchema, service.requestRecovery);
  linkAsked('/magic-link', magicLinkRequestSchema, service.requestMagicLink);

  app.put(
    '/magic-link',
    {
      preHandler: limiter.guard([
        ...linkUse,
        // A code sent with the link counts against the account's two-factor allowance.
        limitOn(family.otpByAccount, (request) =>
          (request.body as { otp?: string } | undefined)?.otp ? kit.bodyUserId(request) : null,
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
}
