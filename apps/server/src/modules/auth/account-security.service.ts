import type { PendingEmailChange } from '@app/shared/schemas/auth';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordUserAudit } from '../audit';
import { brandOf, enqueueMail } from '../mail';
import { linkWithSecret, mailTemplates, sealMail } from '../mail';
import * as repo from './auth.repo';
import { digest, hashPassword, newSecret, verifyPassword } from '../../lib/crypto';
import { endOtherWaysIn } from './other-ways-in';
import * as identity from '../session';

import {
  acceptSecondFactor,
  assertLinkUser,
  invalidLink,
  queueVerificationMail,
  spendLink,
  VERIFY_TTL_MS,
} from './auth.common';

export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  input: { oldPassword: string; password: string },
  ip: string,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw refusal('CURRENT_PASSWORD_INCORRECT', {}, 'oldPassword');
  }
  // The printed one-time password is to be replaced, not set again (its change is required).
  if (user.passwordChangeRequired && input.password === input.oldPassword) {
    throw refusal('PASSWORD_REUSED', {}, 'password');
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The new password ends the one-time password's restriction (password-change.ts).
    await identity.updateUser(tx, user.id, { passwordHash, passwordChangeRequired: false });
    await identity.revokeAllSessions(tx, user.id, now, sessionId);
    // A reset link asked for before the change must not undo it; a pending change of address
    // asked for with the old password is void too.
    await repo.revokeAuthTokens(tx, user.id, ['recovery', 'change_email', 'magic_link'], now);
    await endOtherWaysIn(ctx, tx, user, { reason: 'password_changed', actorId: user.id, ip });
    await enqueueMail(tx, user.email, mailTemplates.passwordChanged(brandOf(ctx), user.name));
    await recordUserAudit(tx, user.id, {
      actorId: user.id,
      action: 'user.password_changed',
      ip,
    });
  });
  ctx.mailer.kick();
}

export async function sendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) return;
  await ctx.db.transaction((tx) => queueVerificationMail(ctx, tx, user));
  ctx.mailer.kick();
}

export async function completeVerification(
  ctx: AppContext,
  input: { userId: string; secret: string },
): Promise<void> {
  assertLinkUser(input.userId);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await spendLink(tx, { userId: input.userId, kind: 'verify_email', secret: input.secret }, now);
    await identity.updateUser(tx, input.userId, { emailVerifiedAt: now });
    await repo.revokeAuthTokens(tx, input.userId, ['verify_email'], now);
  });
}

// Changing the sign-in address --------------------------------------------------------------

/**
 * Asks to move the account to a new address: checks the password and, when two-factor sign-in is
 * on, the second factor; then sends the new address a one-time link (hashed, 24 hours) and tells
 * the current address. Nothing changes until the link is followed.
 *
 * An address that already has an account is refused, as sign-up refuses it, and only after the
 * password (and code): the same lookup and one queued e-mail either way (its owner is told of the
 * attempt), and the route's limits on password guesses and on mail per recipient apply.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  input: { newEmail: string; password: string; otp?: string | undefined },
  ip: string,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw refusal('PASSWORD_INCORRECT', {}, 'password');
  const newEmail = input.newEmail.toLowerCase();
  const taken = await ctx.db.transaction(async (tx) => {
    if (user.totpEnabledAt) {
      const code = input.otp?.trim() ?? '';
      if (!code || !(await acceptSecondFactor(ctx, tx, user, code)))
        throw refusal('OTP_INVALID', {}, 'otp');
    }
    if (newEmail === user.email.toLowerCase()) throw refusal('EMAIL_UNCHANGED', {}, 'newEmail');
    const owner = await identity.findAnyUserByEmail(tx, newEmail);
    if (owner) {
      if (!owner.deletedAt)
        await enqueueMail(
          tx,
          owner.email,
          mailTemplates.emailChangeAttempt(brandOf(ctx), owner.name),
        );
      return true;
    }
    const now = ctx.clock.now();
    // Only the newest request counts: an earlier link (perhaps to a mistyped address) is void.
    await repo.revokeAuthTokens(tx, user.id, ['change_email'], now);
    const secret = newSecret();
    await repo.insertAuthToken(tx, {
      userId: user.id,
      kind: 'change_email',
      tokenHash: digest(secret),
      expiresAt: new Date(now.getTime() + VERIFY_TTL_MS),
      newEmail,
      sessionId,
    });
    const url = linkWithSecret(
      `${ctx.config.publicUrl}/confirm-email`,
      { userId: user.id },
      { secret },
    );
    await enqueueMail(
      tx,
      newEmail,
      sealMail(
        ctx.secretsKey,
        mailTemplates.emailChangeConfirm(brandOf(ctx), user.name, newEmail, url),
      ),
    );
    await enqueueMail(
      tx,
      user.email,
      mailTemplates.emailChangeRequested(
        brandOf(ctx),
        user.name,
        newEmail,
        ctx.config.supportEmail,
      ),
    );
    await recordUserAudit(tx, user.id, {
      actorId: user.id,
      action: 'user.email_change_requested',
      ip,
    });
    return false;
  });
  ctx.mailer.kick();
  if (taken) throw refusal('EMAIL_TAKEN', {}, 'newEmail');
}

/**
 * Follows the link sent to the new address: the address changes (and counts as verified), every
 * session but the one that asked ends, the former address is told how to report it. The new
 * address taken since the request (a sign-up in between) is refused, and the link is then spent.
 */
/** The caller's change of address waiting for its link (GET /api/auth/email). */
export async function pendingEmailChange(
  ctx: AppContext,
  user: UserRow,
): Promise<PendingEmailChange> {
  const row = await repo.pendingEmailChange(ctx.db, { userId: user.id, now: ctx.clock.now() });
  return {
    pending: row ? { newEmail: row.newEmail, expiresAt: row.expiresAt.toISOString() } : null,
  };
}

export async function confirmEmailChange(
  ctx: AppContext,
  input: { userId: string; secret: string },
  ip: string,
): Promise<void> {
  assertLinkUser(input.userId);
  const taken = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const user = await identity.lockUser(tx, input.userId);
    if (!user || user.deletedAt) throw invalidLink();
    const token = await repo.consumeEmailChangeToken(tx, {
      userId: user.id,
      tokenHash: digest(input.secret),
      now,
    });
    if (!token) throw invalidLink();
    if (await identity.findAnyUserByEmail(tx, token.newEmail)) return true;
    await identity.updateUser(tx, user.id, { email: token.newEmail, emailVerifiedAt: now });
    await identity.revokeAllSessions(tx, user.id, now, token.sessionId ?? undefined);
    // Links mailed to the former address (a reset, a verification) no longer belong to it.
    await repo.revokeAuthTokens(
      tx,
      user.id,
      ['recovery', 'verify_email', 'change_email', 'magic_link'],
      now,
    );
    // Told at the new address: the one that now signs in (the former one hears of the change).
    await endOtherWaysIn(
      ctx,
      tx,
      { ...user, email: token.newEmail },
      { reason: 'email_changed', actorId: user.id, ip },
    );
    await enqueueMail(
      tx,
      user.email,
      mailTemplates.emailChanged(brandOf(ctx), user.name, token.newEmail, ctx.config.supportEmail),
    );
    await recordUserAudit(tx, user.id, {
      actorId: user.id,
      action: 'user.email_changed',
      ip,
    });
    return false;
  });
  if (taken) throw refusal('EMAIL_TAKEN', {}, 'newEmail');
  // The link is often followed signed out: this instance forgets the user now, not at the notice.
  ctx.caches.sessions.forgetUser(input.userId);
  ctx.mailer.kick();
  ctx.realtime.publish(`user:${input.userId}`, { type: 'account.changed' });
}
