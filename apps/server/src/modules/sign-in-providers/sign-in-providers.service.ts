import * as client from 'openid-client';
import type { PublicProvider } from '@app/shared/schemas/sign-in';
import type { AppContext } from '../../context';
import type { SignInProviderRow } from '../../db/schema';
import { AppError, refusal } from '../../http/errors';
import { unseal } from '../../lib/secret-box';
import { providerConfiguration } from './discovery';
import * as repo from './sign-in-providers.repo';

/**
 * The provider's side of OpenID Connect sign-in ("Continue with …"): the authorization code flow
 * with PKCE, a state and a nonce, and who the provider says the account is once it sends the
 * browser back. The flow itself (its sealed cookies, and signing in, linking or signing up) is
 * the auth module's (auth/provider-sign-in.service.ts).
 */

/** The secrets of one sign-in, kept by the browser (sealed) between the start and the callback. */
export interface AuthorizationSecrets {
  state: string;
  nonce: string;
  verifier: string;
}

/** Where the provider sends the browser back: our public URL, so it is the same behind a proxy. */
export function callbackUrl(ctx: AppContext, providerId: string): string {
  return `${ctx.config.publicUrl}/api/auth/oidc/${providerId}/callback`;
}

export async function providerOrRefuse(ctx: AppContext, id: string): Promise<SignInProviderRow> {
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

/** The provider's authorization URL for a new sign-in, and the secrets the callback checks. */
export async function startAuthorization(
  ctx: AppContext,
  providerId: string,
): Promise<{ url: string; secrets: AuthorizationSecrets }> {
  const provider = await providerOrRefuse(ctx, providerId);
  const config = await configurationOf(ctx, provider);
  const secrets: AuthorizationSecrets = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx, providerId),
    scope: 'openid email profile',
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(secrets.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, secrets };
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

export interface ProviderAccount {
  /** The issuer that signed the ID token (checked against the provider's discovered issuer). */
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

/** Exchanges the code (state, nonce and PKCE checked) and reads who the provider says it is. */
export async function provenAccount(
  ctx: AppContext,
  provider: SignInProviderRow,
  flow: AuthorizationSecrets,
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
