import type { FastifyRequest } from 'fastify';
import type { RegisterInput } from '@app/shared/schemas/auth';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordUserAudit } from '../audit';
import { brandOf, enqueueMail } from '../mail';
import { mailTemplates } from '../mail';
import * as repo from './auth.repo';
import {
  burnPasswordCheck,
  hashPassword,
  newReferralId,
  newSecret,
  verifyPassword,
} from '../../lib/crypto';
import * as identity from '../session';

import {
  acceptSecondFactor,
  endSessionOfToken,
  invalidCredentials,
  queueVerificationMail,
  recordLoginFailure,
  startSignedInSession,
} from './auth.common';

type RegisterData = Omit<RegisterInput, 'referrerId'> & { referrerId?: string | undefined };

export async function register(ctx: AppContext, input: RegisterData, request: FastifyRequest) {
  const passwordHash = await hashPassword(input.password);
  const result = await ctx.db.transaction(async (tx) => {
    const owner = await identity.findUserByEmail(tx, input.email);
    if (owner) {
      // Sign-up signs the new account straight in (seed), so it cannot answer as if it worked;
      // the real owner hears of the attempt, and sign-ups are limited per address and recipient.
      await enqueueMail(tx, owner.email, mailTemplates.signUpAttempt(brandOf(ctx), owner.name));
      return null;
    }
    const created = await createAccount(ctx, tx, input, request, { passwordHash });
    await queueVerificationMail(ctx, tx, created.user);
    return created;
  });
  ctx.mailer.kick();
  if (!result) {
    throw refusal('EMAIL_TAKEN', {}, 'email');
  }
  return result;
}

/**
 * What both ways of signing up share, inside the caller's transaction once the address is known
 * to be free: the referral id must exist; the account, its welcome e-mail, its first session and
 * the audit entry.
 */
async function createAccount(
  ctx: AppContext,
  tx: Tx,
  input: Omit<RegisterData, 'password'>,
  request: FastifyRequest,
  account: { passwordHash: string; emailVerifiedAt?: Date; details?: Record<string, string> },
) {
  const referrerId = input.referrerId?.trim() || null;
  if (referrerId && !(await identity.referralIdExists(tx, referrerId))) {
    throw refusal('REFERRER_NOT_FOUND', {}, 'referrerId');
  }
  const user = await identity.insertUser(tx, {
    email: input.email,
    name: input.name,
    phone: input.phone,
    country: input.country,
    referralId: newReferralId(input.name),
    referrerId,
    passwordHash: account.passwordHash,
    ...(account.emailVerifiedAt ? { emailVerifiedAt: account.emailVerifiedAt } : {}),
  });
  await enqueueMail(tx, user.email, mailTemplates.welcome(brandOf(ctx), user.name));
  const session = await identity.startSession(ctx, tx, user, request);
  await recordUserAudit(tx, user.id, {
    actorId: user.id,
    action: 'user.registered',
    ip: request.ip,
    ...(account.details ? { details: account.details } : {}),
  });
  return { user, session };
}

export type LoginOutcome =
  | { status: 'ok'; user: UserRow; session: { token: string; sessionId: string } }
  | { status: 'otp_required' };

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; otp?: string | undefined },
  request: FastifyRequest,
  /** Called once the password is known right (brute-force limits count failures only). */
  passwordAccepted: () => Promise<void> = async () => {},
  /** The session token the browser held before, ended when the new session starts (rotation). */
  previousToken?: string,
): Promise<LoginOutcome> {
  const user = await identity.findUserByEmail(ctx.db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    await recordLoginFailure(ctx, request, null, 'unknown_account');
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordLoginFailure(ctx, request, user.id, 'wrong_password');
    throw invalidCredentials();
  }
  await passwordAccepted();

  const code = input.otp?.trim();
  const otpValid =
    user.totpEnabledAt && user.totpSecret && code
      ? await ctx.db.transaction((tx) => acceptSecondFactor(ctx, tx, user, code))
      : null;
  if (otpValid === false) {
    await recordLoginFailure(ctx, request, user.id, 'wrong_two_factor_code');
    throw refusal('SIGN_IN_OTP_INVALID', {}, 'otp');
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    if (user.totpEnabledAt && user.totpSecret && otpValid === null) {
      return { status: 'otp_required' } as const;
    }
    const session = await startSignedInSession(ctx, tx, user, request);
    return { status: 'ok', user, session } as const;
  });
  if (outcome.status === 'ok' && previousToken) await endSessionOfToken(ctx, previousToken);
  return outcome;
}

export async function logout(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  await identity.revokeSession(ctx.db, userId, sessionId, ctx.clock.now());
}

export async function listSessions(ctx: AppContext, userId: string) {
  return identity.listLiveSessions(ctx.db, userId, ctx.clock.now());
}

export async function revokeOwnSession(
  ctx: AppContext,
  userId: string,
  sessionId: string,
): Promise<void> {
  // In a transaction, as every write a signed-in actor makes (standing.ts checks the actor first).
  const revoked = await ctx.db.transaction((tx) =>
    identity.revokeSession(tx, userId, sessionId, ctx.clock.now()),
  );
  if (!revoked) throw refusal('SESSION_NOT_FOUND');
}

// For other modules. The account rows are the session module's; users.service still reaches
// these two through this module (its import is helper A's to point at ../session). --------------

export { revokeAllSessions, updateUser } from '../session';

/** Ends the user's one-time links of `kinds` (recovery, sign-in, address links). */
export function revokeAuthTokens(
  db: DbOrTx,
  userId: string,
  kinds: repo.AuthTokenKind[],
  at: Date,
): Promise<void> {
  return repo.revokeAuthTokens(db, userId, kinds, at);
}

// For the sign-in through a provider (provider-sign-in.service.ts): an account it proved. ---------

/** Whether `password` is the user's (timing as at sign-in). */
export function passwordMatches(user: UserRow, password: string): Promise<boolean> {
  return verifyPassword(user.passwordHash, password);
}

/** Checks (and uses up) a second-factor code: a TOTP code or an unused recovery code. */
export function secondFactorAccepted(ctx: AppContext, user: UserRow, code: string) {
  return ctx.db.transaction((tx) => acceptSecondFactor(ctx, tx, user, code));
}

/** Records a failed sign-in through another way in (a wrong password or code when linking). */
export function recordSignInFailure(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  reason: 'wrong_password' | 'wrong_two_factor_code',
): Promise<void> {
  return recordLoginFailure(ctx, request, userId, reason);
}

/**
 * Signs `user` in once another way in has proven them (a provider, with the second factor already
 * checked when the account has it on): `within` runs in the same transaction (linking the provider
 * account), then the session starts and the sign-in is audited with its method.
 */
export async function signInProven(
  ctx: AppContext,
  user: UserRow,
  request: FastifyRequest,
  details: { method: string; provider?: string },
  within: (tx: Tx) => Promise<void>,
  previousToken?: string,
): Promise<{ user: UserRow; session: { token: string; sessionId: string } }> {
  const session = await ctx.db.transaction(async (tx) => {
    await within(tx);
    return startSignedInSession(ctx, tx, user, request, details);
  });
  if (previousToken) await endSessionOfToken(ctx, previousToken);
  return { user, session };
}

/**
 * A new account whose e-mail a provider has verified: the sign-up rules (an address taken is
 * refused, a referral id must exist), the address counts as verified, and there is no password
 * yet (an unusable random one; "Forgot password" sets a real one). `within` links the provider
 * account in the same transaction.
 */
export async function registerProven(
  ctx: AppContext,
  input: {
    email: string;
    name: string;
    phone: string;
    country: string;
    referrerId?: string | undefined;
  },
  request: FastifyRequest,
  details: { method: string; provider: string },
  within: (tx: Tx, user: UserRow) => Promise<void>,
) {
  const passwordHash = await hashPassword(newSecret());
  const result = await ctx.db.transaction(async (tx) => {
    if (await identity.findAnyUserByEmail(tx, input.email)) return null;
    const created = await createAccount(ctx, tx, input, request, {
      passwordHash,
      emailVerifiedAt: ctx.clock.now(),
      details,
    });
    await within(tx, created.user);
    return created;
  });
  ctx.mailer.kick();
  if (!result) throw refusal('EMAIL_TAKEN', {}, 'email');
  return result;
}
