import {
  disableTwoFactorSchema,
  okSchema,
  otpCodeSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
} from '@app/shared/schemas/auth';
import { limitOn } from '../../../http/rate-limit';
import { requireUser } from '../../session';
import * as service from '../two-factor.service';
import type { AuthApp, AuthRouteKit } from './kit';

/** Two-factor sign-in: set up, turned on (recovery codes given), turned off. */
export function twoFactorRoutes(app: AuthApp, kit: AuthRouteKit): void {
  const { ctx, limiter } = kit;
  const tags = ['auth'];

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
      preHandler: limiter.guard([kit.byAddress, limitOn(kit.family.otpByAccount, kit.userEmail)]),
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
      preHandler: limiter.guard(kit.passwordAttempt),
      schema: { tags, body: disableTwoFactorSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await service.disableTwoFactor(ctx, requireUser(request).user, request.body, request.ip);
      await limiter.forgive(request);
      return { ok: true as const };
    },
  );
}
