import type {
  LoginInput,
  LoginResult,
  MagicLinkSignInInput,
  Me,
  RegisterInput,
} from '@app/shared/schemas/auth';
import type {
  LinkWithPasswordInput,
  PendingSignIn,
  ProviderRegisterInput,
  PublicProvider,
} from '@app/shared/schemas/sign-in';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The auth endpoints the sign-in screens call; each returns the server's JSON as typed. */
export const authApi = {
  login: (input: LoginInput) => api.post<LoginResult>('/api/auth/login', input),
  register: (input: RegisterInput) => api.post<{ user: Me }>('/api/auth/register', input),
  logout: () => api.post<{ ok: true }>('/api/auth/logout'),
  /** The signed-in user's new password (the one-time password's replacement at first start). */
  changePassword: (input: { oldPassword: string; password: string }) =>
    api.post<{ ok: true }>('/api/auth/password', input),
  requestRecovery: (email: string) => api.post<{ ok: true }>('/api/auth/recovery', { email }),
  completeRecovery: (input: { userId: string; secret: string; password: string }) =>
    api.put<{ ok: true }>('/api/auth/recovery', input),
  confirmVerification: (input: { userId: string; secret: string }) =>
    api.put<{ ok: true }>('/api/auth/verification', input),
  requestMagicLink: (email: string) => api.post<{ ok: true }>('/api/auth/magic-link', { email }),
  signInWithMagicLink: (input: MagicLinkSignInInput) =>
    api.put<LoginResult>('/api/auth/magic-link', input),
  confirmEmailChange: (input: { userId: string; secret: string }) =>
    api.put<{ ok: true }>('/api/auth/email', input),
  /** The configured sign-in providers ("Continue with …"); none configured: none shown. */
  providers: (signal?: AbortSignal) =>
    api.get<{ providers: PublicProvider[] }>('/api/auth/oidc/providers', signal),
  /** What is left of a provider sign-in in this browser, or null. */
  pendingSignIn: (signal?: AbortSignal) =>
    api.get<{ pending: PendingSignIn | null }>('/api/auth/oidc/pending', signal),
  cancelPendingSignIn: () => api.delete<{ ok: true }>('/api/auth/oidc/pending'),
  linkProvider: (input: LinkWithPasswordInput) =>
    api.post<{ user: Me }>('/api/auth/oidc/link', input),
  providerSecondFactor: (otp: string) => api.post<{ user: Me }>('/api/auth/oidc/otp', { otp }),
  registerWithProvider: (input: ProviderRegisterInput) =>
    api.post<{ user: Me }>('/api/auth/oidc/register', input),
};

/** Where a provider's button leads: a browser navigation through the provider and back. */
export function providerStartUrl(id: string): string {
  return `/api/auth/oidc/${encodeURIComponent(id)}/start`;
}

export const authKeys = {
  providers: ['auth', 'providers'] as const,
  pendingSignIn: ['auth', 'pending-sign-in'] as const,
  verification: (userId: string, secret: string) =>
    ['auth', 'verification', userId, secret] as const,
  magicLink: (userId: string, secret: string) => ['auth', 'magic-link', userId, secret] as const,
  emailChange: (userId: string, secret: string) =>
    ['auth', 'email-change', userId, secret] as const,
};

/** The two parts of an e-mailed one-time link, as its address carries them. */
export interface EmailedLink {
  userId: string;
  secret: string;
}

/**
 * An e-mailed one-time link's one request: a query (not a mutation) so the single-use link is
 * sent once even when React mounts twice, and never again for the same link (not retried,
 * refetched or forgotten); not at all when the link lacks a part.
 */
function oneTimeLinkQuery<T>(
  queryKey: readonly string[],
  link: EmailedLink,
  send: (link: EmailedLink) => Promise<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: () => send({ userId: link.userId, secret: link.secret }),
    enabled: Boolean(link.userId && link.secret),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The e-mail verification link's request. */
export const verificationQuery = (link: EmailedLink) =>
  oneTimeLinkQuery(
    authKeys.verification(link.userId, link.secret),
    link,
    authApi.confirmVerification,
  );

/** The change-of-address link's request. */
export const emailChangeQuery = (link: EmailedLink) =>
  oneTimeLinkQuery(
    authKeys.emailChange(link.userId, link.secret),
    link,
    authApi.confirmEmailChange,
  );

/**
 * The sign-in link's first request (without a code). It signs in, or answers that the account's
 * second factor is needed first.
 */
export const magicLinkQuery = (link: EmailedLink) =>
  oneTimeLinkQuery(authKeys.magicLink(link.userId, link.secret), link, authApi.signInWithMagicLink);

export const providersQuery = queryOptions({
  queryKey: authKeys.providers,
  queryFn: ({ signal }) => authApi.providers(signal),
  staleTime: 5 * 60_000,
});

export const pendingSignInQuery = queryOptions({
  queryKey: authKeys.pendingSignIn,
  queryFn: ({ signal }) => authApi.pendingSignIn(signal),
  retry: false,
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});
