import type { FastifyRequest } from 'fastify';
import type { PendingSignIn, ProviderRegisterInput } from '@app/shared/schemas/sign-in';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { seal, unseal } from '../../lib/secret-box';
import * as identity from '../session';
import { passwordUnchanged } from '../session';
import * as providers from '../sign-in-providers';
import {
  passwordMatches,
  recordSignInFailure,
  registerProven,
  secondFactorAccepted,
  signInProven,
} from './auth.service';

/**
 * Sign-in through an OpenID Connect provider ("Continue with …"): each sign-in's secrets held in
 * a sealed cookie of this browser for 10 minutes; the provider's side of the protocol (the
 * authorization code flow with PKCE, a state and a nonce) is the sign-in-providers module's.
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

interface Flow extends providers.AuthorizationSecrets {
  kind: 'flow';
  providerId: string;
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

/** The provider's authorization URL for a new sign-in, and the sealed flow for the cookie. */
export async function startSignIn(
  ctx: AppContext,
  providerId: string,
): Promise<{ url: string; flow: string }> {
  const { url, secrets } = await providers.startAuthorization(ctx, providerId);
  const flow: Flow = {
    kind: 'flow',
    providerId,
    ...secrets,
    exp: ctx.clock.now().getTime() + FLOW_TTL_MS,
  };
  return { url, flow: sealValue(ctx, flow) };
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
  const provider = await providers.providerOrRefuse(ctx, providerId);
  const account = await providers.provenAccount(ctx, provider, flow, currentUrl);

  const linked = await providers.findIdentity(ctx.db, {
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
    const { session } = await signInProven(
      ctx,
      linkedUser,
      request,
      { method: 'oidc', provider: providerId },
      (tx) => providers.touchIdentity(tx, linked.id, ctx.clock.now()),
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
  const provider = await providers.findProvider(ctx.db, pending.providerId);
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
  if (!(await providers.findProvider(ctx.db, pending.providerId))) {
    throw refusal('OIDC_NO_PENDING_SIGN_IN');
  }
  const user = pending.userId ? await identity.findUserById(ctx.db, pending.userId) : undefined;
  if (step !== 'register' && !user) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  return { pending, user };
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
  if (!(await passwordMatches(user, input.password))) {
    await recordSignInFailure(ctx, request, user.id, 'wrong_password');
    throw refusal('PASSWORD_INCORRECT', {}, 'password');
  }
  if (twoFactorOn(user)) await requireSecondFactor(ctx, request, user, input.otp?.trim() ?? '');
  return signInProven(
    ctx,
    user,
    request,
    { method: 'oidc', provider: pending.providerId },
    async (tx) => {
      // The password proved the account when it was checked; a change or reset committed since
      // would otherwise be outlived by this link (it ends every link it finds).
      if (!(await passwordUnchanged(tx, user))) throw refusal('PASSWORD_INCORRECT', {}, 'password');
      await providers.linkIdentity(ctx, tx, pending, user.id, request.ip);
    },
    previousToken,
  );
}

/** The account's second factor, or a refusal recorded as a failed sign-in of that account. */
async function requireSecondFactor(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  code: string,
): Promise<void> {
  if (!code || !(await secondFactorAccepted(ctx, user, code))) {
    await recordSignInFailure(ctx, request, user.id, 'wrong_two_factor_code');
    throw refusal('SIGN_IN_OTP_INVALID', {}, 'otp');
  }
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
  const identity = await providers.findIdentity(ctx.db, pending);
  if (!identity || identity.userId !== user.id) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  await requireSecondFactor(ctx, request, user, otp);
  return signInProven(
    ctx,
    user,
    request,
    { method: 'oidc', provider: pending.providerId },
    (tx) => providers.touchIdentity(tx, identity.id, ctx.clock.now()),
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
  return registerProven(
    ctx,
    { ...input, email: pending.email },
    request,
    { method: 'oidc', provider: pending.providerId },
    (tx, user) => providers.linkIdentity(ctx, tx, pending, user.id, request.ip),
  );
}
