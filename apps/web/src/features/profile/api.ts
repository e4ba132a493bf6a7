import type { SessionInfo } from '@app/shared/schemas/auth';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
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
  disableTwoFactor: (password: string) =>
    api.post<{ ok: true }>('/api/auth/2fa/disable', { password }),
  listSessions: (signal?: AbortSignal) =>
    api.get<{ sessions: SessionInfo[] }>('/api/auth/sessions', signal),
  revokeSession: (id: string) =>
    api.delete<{ ok: true }>(`/api/auth/sessions/${encodeURIComponent(id)}`),
};

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
