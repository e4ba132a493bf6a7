import type { FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type {
  PendingSignIn,
  ProviderRegisterInput,
  PublicProvider,
} from '@app/shared/schemas/sign-in';
import type { AppContext } from '../../context';
import type { SignInProviderRow, UserRow } from '../../db/schema';
import { AppError, refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import * as auth from '../auth';
import * as identity from '../session';
import { passwordUnchanged } from '../session';
import { seal, unseal } from '../../lib/secret-box';
import { providerConfiguration } from './discovery';
import * as repo from './sign-in-providers.repo';

/**
 * OpenID Connect sign-in ("Continue with …"): the authorization code flow with PKCE, a state and a
 * nonce, each sign-in's secrets held in a sealed cookie of this browser for 10 minutes.
 *
 * When the provider sends the browser back, its account (the issuer's `iss` and `sub`: a subject
 * names an account only within its issuer) is either linked to one of
 * our users already (signed in, after the second factor when the account has two-factor on), or
 * its verified e-mail belongs to an account that must first be proven with that account's
 * password (and second factor) to link it, or it is new: the sign-up fields the provider does not
 * give (phone, country, referral id) are asked for in one short step. An e-mail the provider has
 * not verified is refused.
 */

const FLOW_TTL_MS = 10 * 60 * 1000;
export const FLOW_COOKIE = 'oidc_flow';
export const PENDING_COOKIE = 'oidc_pending';

interface Flow {
  kind: 'flow';
  providerId: string;
  state: string;
  nonce: string;
  verifier: string;
  exp: number;
}

interface Pending {
  kind: 'pending';
  step: PendingSignIn['step'];
  providerId: string;
  issuer: string;
  subject: string;
  email: string;
  name: string;
  userId: string | null;
  exp: number;
}

function sealValue(ctx: AppContext, value: Flow | Pending): string {
  return seal(ctx.secretsKey, JSON.stringify(value));
}

function openSealed<K extends 'flow' | 'pending'>(
  ctx: AppContext,
  sealed: string | undefined,
  kind: K,
): (K extends 'flow' ? Flow : Pending) | null {
  if (!sealed || sealed.length > 4000) return null;
  const text = unseal(ctx.secretsKey, sealed);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Flow | Pending;
    if (value.kind !== kind || value.exp <= ctx.clock.now().getTime()) return null;
    // A pending sign-in sealed before links named their issuer is no sign-in.
    if (value.kind === 'pending' && typeof value.issuer !== 'string') return null;
    return value as K extends 'flow' ? Flow : Pending;
  } catch {
    return null;
  }
}

/** Where the provider sends the browser back: our public URL, so it is the same behind a proxy. */
export function callbackUrl(ctx: AppContext, providerId: string): string {
  return `${ctx.config.publicUrl}/api/auth/oidc/${providerId}/callback`;
}

async function providerOrRefuse(ctx: AppContext, id: string): Promise<SignInProviderRow> {
  const provider = await repo.findProvider(ctx.db, id);
  if (!provider) throw refusal('OIDC_PROVIDER_NOT_FOUND');
  return provider;
}

async function configurationOf(ctx: AppContext, provider: SignInProviderRow) {
  const secret = unseal(ctx.secretsKey, provider.clientSecretSealed);
  if (secret === null) throw refusal('OIDC_PROVIDER_UNAVAILABLE');
  try {
    return await providerConfiguration(ctx.caches, provider, secret, ctx.clock.now().getTime());
  } catch (error) {
    ctx.log.warn({ err: error, provider: provider.id }, 'sign-in provider discovery failed');
    throw refusal('OIDC_PROVIDER_UNAVAILABLE');
  }
}

export async function publicProviders(ctx: AppContext): Promise<PublicProvider[]> {
  const rows = await repo.listProviders(ctx.db);
  return rows.map((row) => ({ id: row.id, displayName: row.displayName }));
}

/** The provider's authorization URL for a new sign-in, and the sealed flow for the cookie. */
export async function startSignIn(
  ctx: AppContext,
  providerId: string,
): Promise<{ url: string; flow: string }> {
  const provider = await providerOrRefuse(ctx, providerId);
  const config = await configurationOf(ctx, provider);
  const verifier = client.randomPKCECodeVerifier();
  const flow: Flow = {
    kind: 'flow',
    providerId,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    exp: ctx.clock.now().getTime() + FLOW_TTL_MS,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx, providerId),
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, flow: sealValue(ctx, flow) };
}

/** Whether an error from openid-client is about the ID token's nonce. */
function isNonceMismatch(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const cause = e.cause as { claim?: unknown } | undefined;
    if (cause && typeof cause === 'object' && cause.claim === 'nonce') return true;
    if (e.message.includes('"nonce"')) return true;
  }
  return false;
}

/**
 * An issuer as links store and compare it: the URL's href (scheme and host in lower case, "/" for
 * an empty path), as openid-client compares a discovered issuer with the configured one.
 */
export function issuerKey(issuer: string): string {
  return new URL(issuer).href;
}

interface ProviderAccount {
  /** The issuer that signed the ID token (checked against the provider's discovered issuer). */
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

/** Exchanges the code (state, nonce and PKCE checked) and reads who the provider says it is. */
async function provenAccount(
  ctx: AppContext,
  provider: SignInProviderRow,
  flow: Flow,
  currentUrl: URL,
): Promise<ProviderAccount> {
  const config = await configurationOf(ctx, provider);
  let claims: Record<string, unknown>;
  let issuer: string;
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw refusal('OIDC_SIGN_IN_FAILED');
    issuer = issuerKey(idClaims.iss);
    const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...idClaims, ...info };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isNonceMismatch(error)) throw refusal('OIDC_NONCE_MISMATCH');
    ctx.log.warn({ err: error, provider: provider.id }, 'sign-in provider refused the code');
    throw refusal('OIDC_SIGN_IN_FAILED');
  }
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!subject || subject.length > 255 || issuer.length > 400) throw refusal('OIDC_SIGN_IN_FAILED');
  if (!email || email.length > 254 || !email.includes('@')) throw refusal('OIDC_EMAIL_MISSING');
  // Only an address the provider itself has verified identifies one of our accounts.
  if (claims.email_verified !== true) throw refusal('OIDC_EMAIL_NOT_VERIFIED');
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) : '';
  return { issuer, subject, email, name };
}

export type CallbackOutcome =
  | { kind: 'signed_in'; session: { token: string; sessionId: string } }
  | { kind: 'pending'; pending: string };

/** The provider sent the browser back to the callback: sign in, or the step still to do. */
export async function finishSignIn(
  ctx: AppContext,
  providerId: string,
  request: FastifyRequest,
  sealedFlow: string | undefined,
  previousToken: string | undefined,
): Promise<CallbackOutcome> {
  const flow = openSealed(ctx, sealedFlow, 'flow');
  const currentUrl = new URL(request.url, ctx.config.publicUrl);
  if (!flow || flow.providerId !== providerId) throw refusal('OIDC_STATE_MISMATCH');
  if (currentUrl.searchParams.get('state') !== flow.state) throw refusal('OIDC_STATE_MISMATCH');
  if (currentUrl.searchParams.has('error')) throw refusal('OIDC_SIGN_IN_FAILED');
  const provider = await providerOrRefuse(ctx, providerId);
  const account = await provenAccount(ctx, provider, flow, currentUrl);

  const linked = await repo.findIdentity(ctx.db, {
    providerId,
    issuer: account.issuer,
    subject: account.subject,
  });
  const linkedUser = linked ? await identity.findUserById(ctx.db, linked.userId) : undefined;
  const exp = ctx.clock.now().getTime() + FLOW_TTL_MS;
  const pending = (step: Pending['step'], user: UserRow | undefined): CallbackOutcome => ({
    kind: 'pending',
    pending: sealValue(ctx, {
      kind: 'pending',
      step,
      providerId,
      issuer: account.issuer,
      subject: account.subject,
      email: account.email,
      name: account.name || user?.name || '',
      userId: user?.id ?? null,
      exp,
    }),
  });
  if (linked && linkedUser) {
    if (twoFactorOn(linkedUser)) return pending('otp', linkedUser);
    const { session } = await auth.signInProven(
      ctx,
      linkedUser,
      request,
      { method: 'oidc', provider: providerId },
      (tx) => repo.touchIdentity(tx, linked.id, ctx.clock.now()),
      previousToken,
    );
    return { kind: 'signed_in', session };
  }
  const owner = await identity.findUserByEmail(ctx.db, account.email);
  if (owner) return pending('link', owner);
  return pending('register', undefined);
}

function twoFactorOn(user: UserRow): boolean {
  return user.totpEnabledAt !== null && user.totpSecret !== null;
}

/** What the continue page shows; null when no provider sign-in is under way in this browser. */
export async function pendingOf(
  ctx: AppContext,
  sealed: string | undefined,
): Promise<PendingSignIn | null> {
  const pending = openSealed(ctx, sealed, 'pending');
  if (!pending) return null;
  const provider = await repo.findProvider(ctx.db, pending.providerId);
  if (!provider) return null;
  const user = pending.userId ? await identity.findUserById(ctx.db, pending.userId) : undefined;
  return {
    step: pending.step,
    provider: { id: provider.id, displayName: provider.displayName },
    email: pending.email,
    name: pending.name,
    otpRequired: user ? twoFactorOn(user) : false,
  };
}

/** The e-mail of the sign-in under way in this browser (the key of its rate limits), or null. */
export function pendingEmail(ctx: AppContext, sealed: string | undefined): string | null {
  return openSealed(ctx, sealed, 'pending')?.email ?? null;
}

async function pendingOrRefuse(
  ctx: AppContext,
  sealed: string | undefined,
  step: Pending['step'],
): Promise<{ pending: Pending; user: UserRow | undefined }> {
  const pending = openSealed(ctx, sealed, 'pending');
  if (!pending || pending.step !== step) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  if (!(await repo.findProvider(ctx.db, pending.providerId))) {
    throw refusal('OIDC_NO_PENDING_SIGN_IN');
  }
  const user = pending.userId ? await identity.findUserById(ctx.db, pending.userId) : undefined;
  if (step !== 'register' && !user) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  return { pending, user };
}

/** The provider account's links, checked again: it may have been linked since (another tab). */
async function linkIdentity(
  ctx: AppContext,
  tx: Parameters<typeof repo.insertIdentity>[0],
  pending: Pending,
  userId: string,
  ip: string,
) {
  const existing = await repo.findIdentity(tx, pending);
  if (existing && existing.userId !== userId) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  const now = ctx.clock.now();
  if (existing) {
    await repo.touchIdentity(tx, existing.id, now);
    return;
  }
  // One provider account per provider and user: a new one replaces an older link.
  const mine = await repo.listIdentities(tx, userId);
  for (const row of mine) {
    if (row.identity.providerId === pending.providerId) {
      await repo.deleteIdentity(tx, userId, row.identity.id);
    }
  }
  await repo.insertIdentity(tx, {
    userId,
    providerId: pending.providerId,
    issuer: pending.issuer,
    subject: pending.subject,
    email: pending.email,
    at: now,
  });
  await recordAudit(tx, {
    actorId: userId,
    action: 'user.provider_linked',
    targetType: 'user',
    targetId: userId,
    ip,
    details: { provider: pending.providerId },
  });
}

/**
 * Links the provider account to the existing account with its e-mail, proven by that account's
 * password (and second factor when it has two-factor on), and signs in.
 */
export async function linkWithPassword(
  ctx: AppContext,
  sealed: string | undefined,
  input: { password: string; otp?: string | undefined },
  request: FastifyRequest,
  previousToken: string | undefined,
) {
  const { pending, user } = await pendingOrRefuse(ctx, sealed, 'link');
  if (!user) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  if (!(await auth.passwordMatches(user, input.password))) {
    await auth.recordSignInFailure(ctx, request, user.id, 'wrong_password');
    throw refusal('PASSWORD_INCORRECT', {}, 'password');
  }
  if (twoFactorOn(user)) {
    const code = input.otp?.trim() ?? '';
    if (!code || !(await auth.secondFactorAccepted(ctx, user, code))) {
      await auth.recordSignInFailure(ctx, request, user.id, 'wrong_two_factor_code');
      throw refusal('SIGN_IN_OTP_INVALID', {}, 'otp');
    }
  }
  return auth.signInProven(
    ctx,
    user,
    request,
    { method: 'oidc', provider: pending.providerId },
    async (tx) => {
      // The password proved the account when it was checked; a change or reset committed since
      // would otherwise be outlived by this link (it ends every link it finds).
      if (!(await passwordUnchanged(tx, user))) throw refusal('PASSWORD_INCORRECT', {}, 'password');
      await linkIdentity(ctx, tx, pending, user.id, request.ip);
    },
    previousToken,
  );
}

/** A linked account with two-factor on: the second factor, then the session. */
export async function completeWithSecondFactor(
  ctx: AppContext,
  sealed: string | undefined,
  otp: string,
  request: FastifyRequest,
  previousToken: string | undefined,
) {
  const { pending, user } = await pendingOrRefuse(ctx, sealed, 'otp');
  if (!user) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  const identity = await repo.findIdentity(ctx.db, pending);
  if (!identity || identity.userId !== user.id) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  if (!(await auth.secondFactorAccepted(ctx, user, otp))) {
    await auth.recordSignInFailure(ctx, request, user.id, 'wrong_two_factor_code');
    throw refusal('SIGN_IN_OTP_INVALID', {}, 'otp');
  }
  return auth.signInProven(
    ctx,
    user,
    request,
    { method: 'oidc', provider: pending.providerId },
    (tx) => repo.touchIdentity(tx, identity.id, ctx.clock.now()),
    previousToken,
  );
}

/** A new account for a provider account whose verified e-mail has none here yet. */
export async function registerWithProvider(
  ctx: AppContext,
  sealed: string | undefined,
  input: ProviderRegisterInput,
  request: FastifyRequest,
) {
  const { pending } = await pendingOrRefuse(ctx, sealed, 'register');
  return auth.registerProven(
    ctx,
    { ...input, email: pending.email },
    request,
    { method: 'oidc', provider: pending.providerId },
    (tx, user) => linkIdentity(ctx, tx, pending, user.id, request.ip),
  );
}
