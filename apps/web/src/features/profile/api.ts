import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import type { AccountSummary } from '@app/shared/schemas/account';
import type { Me, SessionInfo } from '@app/shared/schemas/auth';
import type { ApiError } from '@app/shared/schemas/common';
import type { UpdateProfileInput } from '@app/shared/schemas/profile';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiRequestError } from '../../lib/api';
import { sessionQueryKey } from '../../lib/auth';

/** The account-security endpoints used by /profile. */
export const profileApi = {
  changePassword: (input: { oldPassword: string; password: string }) =>
    api.post<{ ok: true }>('/api/auth/password', input),
  sendVerification: () => api.post<{ ok: true }>('/api/auth/verification'),
  beginTwoFactor: () => api.post<{ secret: string; otpauthUrl: string }>('/api/auth/2fa/setup'),
  enableTwoFactor: (otp: string) =>
    api.post<{ recoveryCodes: string[] }>('/api/auth/2fa/enable', { otp }),
  disableTwoFactor: (password: string) =>
    api.post<{ ok: true }>('/api/auth/2fa/disable', { password }),
  listSessions: (signal?: AbortSignal) =>
    api.get<{ sessions: SessionInfo[] }>('/api/auth/sessions', signal),
  revokeSession: (id: string) =>
    api.delete<{ ok: true }>(`/api/auth/sessions/${encodeURIComponent(id)}`),
  /** PATCH /api/profile: only phone and country can change; 400 'No changes made' otherwise. */
  updateProfile: (input: UpdateProfileInput) => api.patch<{ user: Me }>('/api/profile', input),
  uploadAvatar: (file: File) => uploadAvatar(file),
  removeAvatar: () => api.delete<{ user: Me }>('/api/profile/avatar'),
  accountSummary: (signal?: AbortSignal) => api.get<AccountSummary>('/api/account/summary', signal),
};

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * POST /api/profile/avatar as multipart/form-data (field `avatar`). The shared JSON client does
 * not send forms, so this one request is made here, with the same CSRF header and error shape.
 * (Worth moving into lib/api.ts as `api.postForm` when a second upload appears.)
 */
async function uploadAvatar(file: File): Promise<{ user: Me }> {
  if (!readCookie(CSRF_COOKIE)) await api.get('/api/auth/csrf');
  const form = new FormData();
  form.append('avatar', file, file.name);
  const response = await fetch('/api/profile/avatar', {
    method: 'POST',
    headers: { accept: 'application/json', [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' },
    credentials: 'same-origin',
    body: form,
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as Partial<ApiError> | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? 'Something went wrong. Please try again.',
      error?.field,
    );
  }
  return payload as { user: Me };
}

/** The ledger-derived figures (same key as the dashboard, so realtime `account` events refresh it). */
export const accountSummaryQueryKey = ['account', 'summary'] as const;

export function useAccountSummary() {
  return useQuery({
    queryKey: accountSummaryQueryKey,
    queryFn: ({ signal }) => profileApi.accountSummary(signal),
  });
}

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** One invalidation for everything /profile shows (the user snapshot and the session list). */
export function invalidateProfile(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  ]).then(() => undefined);
}

export function useInvalidateProfile(): () => void {
  const queryClient = useQueryClient();
  return () => void invalidateProfile(queryClient);
}
