import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit, recordUserAudit } from '../audit';
import { brandOf, enqueueMail } from '../mail';
import { linkWithSecret, mailTemplates, sealMail } from '../mail';
import * as repo from './auth.repo';
import { digest, newSecret, normaliseRecoveryCode } from '../../lib/crypto';
import * as identity from '../session';
import { unseal } from '../../lib/secret-box';
import { totpStep } from './totp';

/** What the sign-in flows of this module share: refusals, one-time links, second factors, the trail. */
export const RECOVERY_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

export const invalidCredentials = () => refusal('INVALID_CREDENTIALS');
export const invalidLink = () => refusal('TOKEN_INVALID');

/** A link whose user id is not even shaped like one is broken: refused before any lookup. */
export function assertLinkUser(userId: string): void {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw invalidLink();
}

/** Spends the user's one-time link of `kind` (its secret, still valid now), or refuses the link. */
export async function spendLink(
  tx: DbOrTx,
  link: { userId: string; kind: repo.AuthTokenKind; secret: string },
  now: Date,
): Promise<void> {
  const tokenHash = digest(link.secret);
  const spent = await repo.consumeAuthToken(tx, {
    userId: link.userId,
    kind: link.kind,
    tokenHash,
    now,
  });
  if (!spent) throw invalidLink();
}

/** Rotation: whatever session the browser held before a sign-in is ended. */
export async function endSessionOfToken(ctx: AppContext, token: string): Promise<void> {
  const found = await identity.findSessionByDigest(ctx.db, digest(token));
  if (found) await identity.revokeSession(ctx.db, found.user.id, found.session.id, ctx.clock.now());
}

/**
 * Checks a second-factor code: a TOTP code from the app (its time step is then used up) or an
 * unused recovery code (then spent). False for anything else, or when 2FA is not set up.
 */
export async function acceptSecondFactor(
  ctx: AppContext,
  tx: Tx,
  user: UserRow,
  code: string,
): Promise<boolean> {
  const trimmed = code.trim();
  if (!user.totpSecret || !trimmed) return false;
  const now = ctx.clock.now();
  const secret = unseal(ctx.secretsKey, user.totpSecret);
  const step = secret ? await totpStep(secret, trimmed, now) : null;
  if (step !== null) return identity.acceptTotpStep(tx, user.id, step);
  return repo.consumeRecoveryCode(tx, user.id, digest(normaliseRecoveryCode(trimmed)), now);
}

/**
 * Security events are kept: every failed sign-in goes to the audit log and the structured log,
 * without the e-mail typed (it may be a password typed in the wrong box). For a known account the
 * entry names it (the owner's trail); for an unknown e-mail it names nothing. It is the same
 * statement either way, so a failure's timing does not tell whether the address has an account.
 */
export async function recordLoginFailure(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string | null,
  reason: 'unknown_account' | 'wrong_password' | 'wrong_two_factor_code',
): Promise<void> {
  request.log.warn({ event: 'login_failed', reason, userId }, 'login failed');
  await recordAudit(ctx.db, {
    actorId: null,
    action: 'user.login_failed',
    ...(userId ? { targetType: 'user', targetId: userId } : {}),
    ip: request.ip,
    details: { reason, userAgent: userAgentOf(request) },
  });
}

/** The browser's user agent as the activity log shows it (bounded, as sessions store it). */
export function userAgentOf(request: FastifyRequest): string | null {
  return request.headers['user-agent']?.slice(0, 300) ?? null;
}

/** Queues the e-mail with a link proving the user reads the account's mailbox (24 hours). */
export async function queueVerificationMail(
  ctx: AppContext,
  tx: Parameters<typeof enqueueMail>[0],
  user: UserRow,
) {
  const secret = newSecret();
  await repo.insertAuthToken(tx, {
    userId: user.id,
    kind: 'verify_email',
    tokenHash: digest(secret),
    expiresAt: new Date(ctx.clock.now().getTime() + VERIFY_TTL_MS),
  });
  const url = linkWithSecret(`${ctx.config.publicUrl}/verify`, { userId: user.id }, { secret });
  const mail = mailTemplates.verifyEmail(brandOf(ctx), user.name, url);
  await enqueueMail(tx, user.email, sealMail(ctx.secretsKey, mail));
}

/**
 * A sign-in proven, in its transaction: the session starts (session module) and the sign-in is
 * in the user's trail, with the browser and how they came in (`details`: method, provider).
 */
export async function startSignedInSession(
  ctx: AppContext,
  tx: Tx,
  user: UserRow,
  request: FastifyRequest,
  details: Record<string, string> = {},
): Promise<{ token: string; sessionId: string }> {
  const session = await identity.startSession(ctx, tx, user, request);
  await recordUserAudit(tx, user.id, {
    actorId: user.id,
    action: 'user.login',
    ip: request.ip,
    details: { userAgent: userAgentOf(request), ...details },
  });
  return session;
}
