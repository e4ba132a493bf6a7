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

/**
 * The e-mail verification link's one request: a query (not a mutation) so the single-use link is
 * sent once even when React mounts twice, and never again for the same link.
 */
export function verificationQuery(userId: string, secret: string) {
  return queryOptions({
    queryKey: authKeys.verification(userId, secret),
    queryFn: () => authApi.confirmVerification({ userId, secret }),
    enabled: Boolean(userId && secret),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The change-of-address link's one request, sent once per link as the verification's is. */
export function emailChangeQuery(userId: string, secret: string) {
  return queryOptions({
    queryKey: authKeys.emailChange(userId, secret),
    queryFn: () => authApi.confirmEmailChange({ userId, secret }),
    enabled: Boolean(userId && secret),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * The sign-in link's first request (without a code): a query so it is sent once per link. It
 * signs in, or answers that the account's second factor is needed first.
 */
export function magicLinkQuery(userId: string, secret: string) {
  return queryOptions({
    queryKey: authKeys.magicLink(userId, secret),
    queryFn: () => authApi.signInWithMagicLink({ userId, secret }),
    enabled: Boolean(userId && secret),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

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
