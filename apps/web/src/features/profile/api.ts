import type { AccountClosure, CloseAccountInput } from '@app/shared/schemas/account';
import type { ActivityPage } from '@app/shared/schemas/activity';
import type {
  ChangeEmailInput,
  Me,
  PendingEmailChange,
  SessionInfo,
} from '@app/shared/schemas/auth';
import type { UpdateProfileInput } from '@app/shared/schemas/profile';
import type { ApiToken, CreateApiTokenInput } from '@app/shared/schemas/api-tokens';
import type { LinkedIdentity } from '@app/shared/schemas/sign-in';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fetchDownload, saveFile } from '../../lib/download';
import { sessionQueryKey } from '../../lib/auth';

/** The account-security endpoints used by /profile. */
export const profileApi = {
  sendVerification: () => api.post<{ ok: true }>('/api/auth/verification'),
  /** Mails a link to the new address; the address changes only when it is followed. */
  changeEmail: (input: ChangeEmailInput) => api.post<{ ok: true }>('/api/auth/email', input),
  /** The change of address waiting for its link to be followed (null when none waits). */
  pendingEmailChange: (signal?: AbortSignal) =>
    api.get<PendingEmailChange>('/api/auth/email', signal),
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
  /** What stands between the user and closing their account (empty `blockers`: nothing). */
  accountClosure: (signal?: AbortSignal) => api.get<AccountClosure>('/api/account/closure', signal),
  /** Closes the account for good (anonymised, signed out everywhere); the books stay. */
  closeAccount: (input: CloseAccountInput) => api.post<{ ok: true }>('/api/account/closure', input),
  /** Provider accounts ("Continue with …") linked to this account. */
  listIdentities: (signal?: AbortSignal) =>
    api.get<{ identities: LinkedIdentity[] }>('/api/auth/identities', signal),
  unlinkIdentity: (id: string) =>
    api.delete<{ ok: true }>(`/api/auth/identities/${encodeURIComponent(id)}`),
  /** Personal API tokens: the token itself is in the answer to creating one, only. */
  listApiTokens: (signal?: AbortSignal) =>
    api.get<{ tokens: ApiToken[] }>('/api/api-tokens', signal),
  createApiToken: (input: CreateApiTokenInput) =>
    api.post<{ token: string; apiToken: ApiToken }>('/api/api-tokens', input),
  revokeApiToken: (id: string) =>
    api.delete<{ ok: true }>(`/api/api-tokens/${encodeURIComponent(id)}`),
  uploadAvatar: (file: File) => uploadAvatar(file),
  removeAvatar: () => api.delete<{ user: Me }>('/api/profile/avatar'),
};

/** POST /api/profile/avatar as multipart/form-data (field `avatar`). */
function uploadAvatar(file: File): Promise<{ user: Me }> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return api.postForm<{ user: Me }>('/api/profile/avatar', form);
}

/** The user snapshot lives under lib/auth's `sessionQueryKey`; the sign-in sessions beside it. */
export const profileKeys = {
  sessions: ['auth', 'sessions'] as const,
  activity: ['profile', 'activity'] as const,
  /** Under ['account']: the realtime money events refresh it with the balances. */
  closure: ['account', 'closure'] as const,
  identities: ['auth', 'identities'] as const,
  emailChange: ['auth', 'email-change'] as const,
  apiTokens: ['profile', 'api-tokens'] as const,
};

export const identitiesQuery = queryOptions({
  queryKey: profileKeys.identities,
  queryFn: ({ signal }) => profileApi.listIdentities(signal),
  select: (data) => data.identities,
});

export const pendingEmailChangeQuery = queryOptions({
  queryKey: profileKeys.emailChange,
  queryFn: ({ signal }) => profileApi.pendingEmailChange(signal),
  select: (data) => data.pending,
});

export const apiTokensQuery = queryOptions({
  queryKey: profileKeys.apiTokens,
  queryFn: ({ signal }) => profileApi.listApiTokens(signal),
  select: (data) => data.tokens,
});

/** GET /api/account/closure, fresh on every visit (money moves elsewhere). */
export const closureQuery = queryOptions({
  queryKey: profileKeys.closure,
  queryFn: ({ signal }) => profileApi.accountClosure(signal),
  staleTime: 0,
});

/** The account's own history (GET /api/profile/activity), newest first, 20 entries a page. */
export const activityQuery = infiniteQueryOptions({
  queryKey: profileKeys.activity,
  queryFn: ({ signal, pageParam }) =>
    api.get<ActivityPage>(
      `/api/profile/activity?limit=20${pageParam ? `&before=${pageParam}` : ''}`,
      signal,
    ),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextBefore ?? undefined,
});

/** The user's signed-in sessions: this device first, then the most recently active. */
export const sessionsQuery = queryOptions({
  queryKey: profileKeys.sessions,
  queryFn: ({ signal }) => profileApi.listSessions(signal),
  select: (data) =>
    [...data.sessions].sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
    ),
});

/** One invalidation for everything /profile shows (the user snapshot, sessions and activity). */
export function invalidateProfile(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
    queryClient.invalidateQueries({ queryKey: profileKeys.activity }),
    queryClient.invalidateQueries({ queryKey: profileKeys.identities }),
    queryClient.invalidateQueries({ queryKey: profileKeys.emailChange }),
    queryClient.invalidateQueries({ queryKey: profileKeys.apiTokens }),
  ]).then(() => undefined);
}

export function useInvalidateProfile(): () => void {
  const queryClient = useQueryClient();
  return () => void invalidateProfile(queryClient);
}

/** A change to the account: once it succeeds, everything /profile shows is fetched again. */
function useProfileMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void invalidateProfile(queryClient) });
}

export function useSendVerification() {
  return useMutation({ mutationFn: () => profileApi.sendVerification() });
}

/** The request is recorded in the account's activity. */
export function useChangeEmail() {
  return useProfileMutation((input: ChangeEmailInput) => profileApi.changeEmail(input));
}

/** GET /api/account/export: everything held about the user, saved as a JSON file. */
export function useDownloadMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const file = await fetchDownload('/api/account/export', 'personal-data.json');
      saveFile(file.blob, file.fileName);
    },
    // The download is recorded in the account's activity.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: profileKeys.activity }),
  });
}

/** Closes the account; the caller forgets the session (the server has ended it). */
export function useCloseAccount() {
  return useMutation({ mutationFn: (input: CloseAccountInput) => profileApi.closeAccount(input) });
}

export function useBeginTwoFactor() {
  return useMutation({ mutationFn: () => profileApi.beginTwoFactor() });
}

/** Signs one session out; the session list and the user snapshot are stale afterwards. */
export function useRevokeSession() {
  return useProfileMutation((id: string) => profileApi.revokeSession(id));
}

export function useUnlinkIdentity() {
  return useProfileMutation((id: string) => profileApi.unlinkIdentity(id));
}

export function useCreateApiToken() {
  return useProfileMutation((input: CreateApiTokenInput) => profileApi.createApiToken(input));
}

export function useRevokeApiToken() {
  return useProfileMutation((id: string) => profileApi.revokeApiToken(id));
}
