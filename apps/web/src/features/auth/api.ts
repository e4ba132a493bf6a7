import type {
  LoginInput,
  LoginResult,
  MagicLinkSignInInput,
  Me,
  RegisterInput,
} from '@app/shared/schemas/auth';
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
};

export const authKeys = {
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
