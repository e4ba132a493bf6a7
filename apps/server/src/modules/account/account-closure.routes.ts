import { accountClosureSchema, closeAccountSchema } from '@app/shared/schemas/account';
import { okSchema } from '@app/shared/schemas/auth';
import type { AppContext } from '../../context';
import { accountKey, clientAddress, limitOn, rateLimiter } from '../../http/rate-limit';
import { authLimits } from '../session';
import { clearSessionCookie, requireUser } from '../session';
import { accountClosure, closeAccount } from './account-closure.service';
import { signedInRoutes } from '../session';

/**
 * GET /api/account/closure — what stands between the signed-in user and closing their account;
 * POST /api/account/closure {password} — closes it (anonymised, signed out everywhere).
 */
export function accountClosureRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  const family = authLimits(ctx.config.rateLimits);
  return signedInRoutes((app) => {
    const tags = ['account'];
    app.get('/closure', { schema: { tags, response: { 200: accountClosureSchema } } }, (request) =>
      accountClosure(ctx, requireUser(request).user),
    );
    app.post(
      '/closure',
      {
        // A wrong password counts as at sign-in, per account and per address.
        preHandler: limiter.guard([
          limitOn(family.guessByAddress, clientAddress),
          limitOn(family.passwordByAccount, (request) => accountKey(request.auth?.user.email)),
        ]),
        schema: { tags, body: closeAccountSchema, response: { 200: okSchema } },
      },
      async (request, reply) => {
        const { user } = requireUser(request);
        await closeAccount(ctx, user, request.body.password, request.ip);
        clearSessionCookie(ctx, reply);
        return { ok: true as const };
      },
    );
  });
}
