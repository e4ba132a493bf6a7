import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { refusal } from '../../http/errors';
import { recordUserAudit } from '../audit';
import { brandOf, enqueueMail, mailInsertStatement } from '../mail';
import {
  linkWithSecret,
  mailTemplates,
  sealMail,
  type Brand,
  type MailContent,
  type SecretLink,
  type SecretMail,
} from '../mail';
import * as repo from './auth.repo';
import { digest, hashPassword, newSecret } from '../../lib/crypto';
import { endOtherWaysIn } from './other-ways-in';
import * as identity from '../session';

import {
  acceptSecondFactor,
  assertLinkUser,
  endSessionOfToken,
  invalidLink,
  MAGIC_LINK_TTL_MS,
  recordLoginFailure,
  RECOVERY_TTL_MS,
  spendLink,
  startSignedInSession,
} from './auth.common';
import type { LoginOutcome } from './auth.service';

/**
 * Password recovery: a link to choose a new password (1 hour, hashed, single use). Answers and
 * works the same whether or not the address has an account (requestLink).
 */
export async function requestRecovery(ctx: AppContext, email: string): Promise<void> {
  await requestLink(ctx, 'recovery', email);
}

/** A one-time sign-in link (15 minutes, hashed, single use), answered like recovery. */
export async function requestMagicLink(ctx: AppContext, email: string): Promise<void> {
  await requestLink(ctx, 'magic_link', email);
}

/**
 * Records the request and leaves the rest to the mail worker (writeRequestedLinks). Whether the
 * address has an account is decided there, not here: the request runs the same statement either
 * way, so neither its answer nor its timing tells which addresses have accounts.
 */
async function requestLink(ctx: AppContext, kind: repo.LinkKind, email: string): Promise<void> {
  await repo.insertLinkRequest(ctx.db, { kind, email, requestedAt: ctx.clock.now() });
  ctx.mailer.kick();
}

/** What each kind of link opens, how long it lasts, and its two e-mails. */
const LINKS: Record<
  repo.LinkKind,
  {
    /** The web page the link opens, with `userId` and `secret` in its query. */
    path: string;
    ttlMs: number;
    mail: (brand: Brand, name: string, url: SecretLink) => SecretMail;
    /** To an address without an account (in case its owner signed up with another one). */
    noAccount: (brand: Brand) => MailContent;
  }
> = {
  recovery: {
    path: '/new',
    ttlMs: RECOVERY_TTL_MS,
    mail: mailTemplates.recovery,
    noAccount: mailTemplates.recoveryNoAccount,
  },
  magic_link: {
    path: '/magic',
    ttlMs: MAGIC_LINK_TTL_MS,
    mail: mailTemplates.magicLink,
    noAccount: mailTemplates.magicLinkNoAccount,
  },
};

const LINK_BATCH = 50;

/**
 * The mail worker's first step (before each delivery run): answers the link requests recorded
 * since the last run. For an address with an account, a one-time secret (stored hashed, valid
 * from the moment it was asked for) and the sealed e-mail carrying it; for any other address,
 * the no-account notice. A request is answered once even with several instances running. One
 * that cannot be written is logged and dropped (its own savepoint): retried, it would hold back
 * every request after it.
 */
export async function writeRequestedLinks(ctx: AppContext): Promise<void> {
  for (;;) {
    const answered = await ctx.db.transaction(async (tx) => {
      const requests = await repo.claimLinkRequests(tx, LINK_BATCH);
      for (const request of requests) {
        try {
          await tx.transaction((savepoint) => writeLink(ctx, savepoint, request));
        } catch (error) {
          ctx.log.error(
            { err: error, linkRequestId: request.id, kind: request.kind },
            'a link request could not be written and was dropped',
          );
        }
      }
      return requests.length;
    });
    if (answered < LINK_BATCH) return;
  }
}

async function writeLink(ctx: AppContext, tx: Tx, request: repo.LinkRequest): Promise<void> {
  const link = LINKS[request.kind];
  const user = await identity.findUserByEmail(tx, request.email);
  if (!user) {
    await enqueueMail(tx, request.email, link.noAccount(brandOf(ctx)));
    return;
  }
  const secret = newSecret();
  const url = linkWithSecret(
    `${ctx.config.publicUrl}${link.path}`,
    { userId: user.id },
    { secret },
  );
  await repo.insertAuthTokenWithMail(
    tx,
    {
      userId: user.id,
      kind: request.kind,
      tokenHash: digest(secret),
      expiresAt: new Date(request.requestedAt.getTime() + link.ttlMs),
    },
    mailInsertStatement(
      user.email,
      sealMail(ctx.secretsKey, link.mail(brandOf(ctx), user.name, url)),
    ),
  );
}

/**
 * Signs in with the e-mailed link. Two-factor sign-in still applies: without a code the link is
 * checked but kept, and the answer asks for the code; with a right code (or a recovery code) the
 * link is spent and a session starts. Following it proves the mailbox, so the address counts as
 * verified.
 */
export async function signInWithMagicLink(
  ctx: AppContext,
  input: { userId: string; secret: string; otp?: string | undefined },
  request: FastifyRequest,
  previousToken?: string,
): Promise<LoginOutcome> {
  assertLinkUser(input.userId);
  const user = await identity.findUserById(ctx.db, input.userId);
  if (!user) throw invalidLink();
  const token = { userId: user.id, kind: 'magic_link' as const, tokenHash: digest(input.secret) };
  if (!(await repo.authTokenIsValid(ctx.db, { ...token, now: ctx.clock.now() })))
    throw invalidLink();
  if (user.totpEnabledAt && user.totpSecret) {
    const code = input.otp?.trim();
    if (!code) return { status: 'otp_required' };
    if (!(await ctx.db.transaction((tx) => acceptSecondFactor(ctx, tx, user, code)))) {
      await recordLoginFailure(ctx, request, user.id, 'wrong_two_factor_code');
      throw refusal('SIGN_IN_OTP_INVALID', {}, 'otp');
    }
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!(await repo.consumeAuthToken(tx, { ...token, now }))) throw invalidLink();
    await repo.revokeAuthTokens(tx, user.id, ['magic_link'], now);
    if (!user.emailVerifiedAt) await identity.updateUser(tx, user.id, { emailVerifiedAt: now });
    const session = await startSignedInSession(ctx, tx, user, request, { method: 'magic_link' });
    return { status: 'ok', user, session } as const;
  });
  if (previousToken) await endSessionOfToken(ctx, previousToken);
  return outcome;
}

export async function completeRecovery(
  ctx: AppContext,
  input: { userId: string; secret: string; password: string },
  ip: string,
): Promise<{ email: string }> {
  assertLinkUser(input.userId);
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await spendLink(tx, { userId: input.userId, kind: 'recovery', secret: input.secret }, now);
    // A password chosen through the mailbox replaces a printed one-time password too.
    await identity.updateUser(tx, input.userId, { passwordHash, passwordChangeRequired: false });
    await identity.revokeAllSessions(tx, input.userId, now);
    // Every other reset link sent before this one is void now, and so is a pending change of
    // address (the e-mail asking for it tells the owner a reset cancels it).
    await repo.revokeAuthTokens(tx, input.userId, ['recovery', 'change_email', 'magic_link'], now);
    const user = await identity.findUserById(tx, input.userId);
    if (!user) throw invalidLink();
    // Whatever else a thief of the old password (or of a session) made is ended too.
    await endOtherWaysIn(ctx, tx, user, { reason: 'password_reset', actorId: user.id, ip });
    await recordUserAudit(tx, input.userId, {
      actorId: input.userId,
      action: 'user.password_reset',
      ip,
    });
    return { email: user.email };
  });
  ctx.mailer.kick();
  return done;
}
