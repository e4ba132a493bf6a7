import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordUserAudit } from '../audit';
import * as repo from './auth.repo';
import { digest, newRecoveryCodes, verifyPassword } from '../../lib/crypto';
import { endOtherWaysIn } from './other-ways-in';
import * as identity from '../session';
import { seal, unseal } from '../../lib/secret-box';
import { newTotpSecret, totpStep, totpUri } from './totp';

import { acceptSecondFactor } from './auth.common';

// Two-factor ---------------------------------------------------------------------------------

export async function beginTwoFactorSetup(ctx: AppContext, user: UserRow) {
  if (user.totpEnabledAt) throw refusal('TWO_FACTOR_ALREADY_ON');
  const secret = newTotpSecret();
  await ctx.db.transaction((tx) =>
    identity.updateUser(tx, user.id, { totpSecret: seal(ctx.secretsKey, secret) }),
  );
  return { secret, otpauthUrl: totpUri(secret, ctx.config.brandName, user.email) };
}

/** Turns two-factor on and ends the user's other sessions (the one that enabled it stays). */
export async function enableTwoFactor(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  otp: string,
  ip: string,
): Promise<string[]> {
  if (user.totpEnabledAt) throw refusal('TWO_FACTOR_ALREADY_ON');
  const secret = user.totpSecret ? unseal(ctx.secretsKey, user.totpSecret) : null;
  if (!secret) throw refusal('TWO_FACTOR_SETUP_NOT_STARTED', {}, 'otp');
  const step = await totpStep(secret, otp.trim(), ctx.clock.now());
  if (step === null) throw refusal('OTP_INVALID', {}, 'otp');
  const codes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await identity.updateUser(tx, user.id, { totpEnabledAt: now, totpLastStep: step });
    // A session opened with the password alone (perhaps by whoever made the user turn 2FA on) ends.
    await identity.revokeAllSessions(tx, user.id, now, sessionId);
    await endOtherWaysIn(ctx, tx, user, { reason: 'two_factor_enabled', actorId: user.id, ip });
    await repo.replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((code) => digest(code)),
    );
    await recordUserAudit(tx, user.id, {
      actorId: user.id,
      action: 'user.2fa_enabled',
      ip,
    });
  });
  ctx.mailer.kick();
  return codes;
}

/**
 * Turning two-factor off needs the password and the second factor itself: a current code from
 * the authenticator app (accepted once, as at sign-in) or an unused recovery code (spent).
 */
export async function disableTwoFactor(
  ctx: AppContext,
  user: UserRow,
  input: { password: string; otp: string },
  ip: string,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw refusal('PASSWORD_INCORRECT', {}, 'password');
  await ctx.db.transaction(async (tx) => {
    if (user.totpEnabledAt && !(await acceptSecondFactor(ctx, tx, user, input.otp))) {
      throw refusal('OTP_INVALID', {}, 'otp');
    }
    await identity.updateUser(tx, user.id, {
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
    await repo.replaceRecoveryCodes(tx, user.id, []);
    await endOtherWaysIn(ctx, tx, user, { reason: 'two_factor_disabled', actorId: user.id, ip });
    await recordUserAudit(tx, user.id, {
      actorId: user.id,
      action: 'user.2fa_disabled',
      ip,
    });
  });
  ctx.mailer.kick();
}
