import type { AccountSummary } from '@app/shared/schemas/account';
import type { Me, SessionInfo } from '@app/shared/schemas/auth';
import type { UpdateProfileInput } from '@app/shared/schemas/profile';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { sessionQueryKey } from '../../lib/auth';

/** The account-security endpoints used by /profile. */
export const profileApi = {
  changePassword: (input: { oldPassword: string; password: string }) =>
    api.post<{ ok: true }>('/api/auth/password', input),
  sendVerification: () => api.post<{ ok: true }>('/api/auth/verification'),
  beginTwoFactor: () => api.post<{ secret: string; otpauthUrl: string }>('/api/auth/2fa/setup'),
  enableTwoFactor: (otp: string) =>
    api.post<{ recoveryCodes: string[] }>('/api/auth/2fa/enable', { otp }),
  /** Needs the password and a current code from the app, or an unused recovery code. */
  disableTwoFactor: (input: { password: string; otp: string }) =>
    api.post<{ ok: true }>('/api/auth/2fa/disable', input),
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

/** POST /api/profile/avatar as multipart/form-data (field `avatar`). */
function uploadAvatar(file: File): Promise<{ user: Me }> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return api.postForm<{ user: Me }>('/api/profile/avatar', form);
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
