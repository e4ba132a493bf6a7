import type { FastifyRequest } from 'fastify';
import type { PendingEmailChange, RegisterInput } from '@app/shared/schemas/auth';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { enqueueMail, mailInsertStatement } from '../mail/mail.service';
import {
  linkWithSecret,
  mailTemplates,
  sealMail,
  type Brand,
  type MailContent,
  type SecretLink,
  type SecretMail,
} from '../mail/templates';
import * as repo from './auth.repo';
import {
  burnPasswordCheck,
  digest,
  hashPassword,
  newRecoveryCodes,
  newReferralId,
  newSecret,
  normaliseRecoveryCode,
  verifyPassword,
} from '../../lib/crypto';
import { endOtherWaysIn } from './other-ways-in';
import * as identity from '../session';
import { seal, unseal } from '../../lib/secret-box';
import { newTotpSecret, totpStep, totpUri } from './totp';

const RECOVERY_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

const invalidCredentials = () => refusal('INVALID_CREDENTIALS');
const invalidLink = () => refusal('TOKEN_INVALID');

/** A link whose user id is not even shaped like one is broken: refused before any lookup. */
function assertLinkUser(userId: string): void {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw invalidLink();
}

/** Spends the user's one-time link of `kind` (its secret, still valid now), or refuses the link. */
async function spendLink(
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

function brandOf(ctx: AppContext): Brand {
  return { name: ctx.config.brandName, publicUrl: ctx.config.publicUrl };
}

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
  await recordAudit(tx, {
    actorId: user.id,
    action: 'user.registered',
    targetType: 'user',
    targetId: user.id,
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
    const session = await identity.startSession(ctx, tx, user, request);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.login',
      targetType: 'user',
      targetId: user.id,
      ip: request.ip,
      details: { userAgent: userAgentOf(request) },
    });
    return { status: 'ok', user, session } as const;
  });
  if (outcome.status === 'ok' && previousToken) await endSessionOfToken(ctx, previousToken);
  return outcome;
}

/** Rotation: whatever session the browser held before a sign-in is ended. */
async function endSessionOfToken(ctx: AppContext, token: string): Promise<void> {
  const found = await identity.findSessionByDigest(ctx.db, digest(token));
  if (found) await identity.revokeSession(ctx.db, found.user.id, found.session.id, ctx.clock.now());
}

/**
 * Checks a second-factor code: a TOTP code from the app (its time step is then used up) or an
 * unused recovery code (then spent). False for anything else, or when 2FA is not set up.
 */
async function acceptSecondFactor(
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
async function recordLoginFailure(
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
function userAgentOf(request: FastifyRequest): string | null {
  return request.headers['user-agent']?.slice(0, 300) ?? null;
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
    const session = await identity.startSession(ctx, tx, user, request);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.login',
      targetType: 'user',
      targetId: user.id,
      ip: request.ip,
      details: { userAgent: userAgentOf(request), method: 'magic_link' },
    });
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
    await recordAudit(tx, {
      actorId: input.userId,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: input.userId,
      ip,
    });
    return { email: user.email };
  });
  ctx.mailer.kick();
  return done;
}

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
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.password_changed',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
  });
  ctx.mailer.kick();
}

async function queueVerificationMail(
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
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.email_change_requested',
      targetType: 'user',
      targetId: user.id,
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
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.email_changed',
      targetType: 'user',
      targetId: user.id,
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
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.2fa_enabled',
      targetType: 'user',
      targetId: user.id,
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
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.2fa_disabled',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
  });
  ctx.mailer.kick();
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

// For the sign-in providers module: an account proven by an OpenID Connect provider. ------------

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
    const started = await identity.startSession(ctx, tx, user, request);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.login',
      targetType: 'user',
      targetId: user.id,
      ip: request.ip,
      details: { userAgent: userAgentOf(request), ...details },
    });
    return started;
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
