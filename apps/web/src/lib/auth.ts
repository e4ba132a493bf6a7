import type { Me } from '@app/shared/schemas/auth';
import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { api, ApiRequestError } from './api';

/**
 * The signed-in user's non-secret snapshot, persisted under `auth-storage` so the shell can paint
 * before GET /api/auth/session answers. The session itself is an HttpOnly cookie the page never sees;
 * nothing secret (password, token, session id) is ever stored here.
 */
interface AuthState {
  user: Me | null;
  /** Set by an explicit logout (not persisted): /login then starts fresh instead of "return to". */
  loggedOut: boolean;
  /**
   * Where the signed-in pages send a user whose session just ended on purpose, instead of /login
   * (not persisted): a closed account lands on /account-closed.
   */
  signedOutTo?: { path: string; state?: unknown } | undefined;
  setUser: (user: Me | null) => void;
}

export const AUTH_STORAGE_KEY = 'auth-storage';

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      loggedOut: false,
      setUser: (user) => set({ user }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
    },
  ),
);

export const sessionQueryKey = ['auth', 'me'] as const;

/** The current user, or null when nobody is signed in (the session is missing or expired). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const { user } = await api.get<{ user: Me | null }>('/api/auth/session', signal);
    return user;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** Who is signed in, as the server says (the stored snapshot follows each answer). */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }) => {
    const user = await fetchMe(signal);
    useAuthStore.getState().setUser(user);
    return user;
  },
  staleTime: 60_000,
});

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'error';

export interface Session {
  user: Me | null;
  status: SessionStatus;
  /** True while the server is being asked, even if a stored snapshot is already shown. */
  isChecking: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * Asks the server who is signed in. Until it answers, the stored snapshot stands in (first
 * paint); a 401 signs the user out and clears the snapshot.
 */
export function useSession(): Session {
  const storedUser = useAuthStore((state) => state.user);
  const query = useQuery(sessionQuery);

  const user = query.data !== undefined ? query.data : storedUser;
  let status: SessionStatus;
  if (user) status = 'signedIn';
  else if (query.data === null) status = 'signedOut';
  else if (query.isError) status = 'error';
  else status = 'loading';

  return {
    user,
    status,
    isChecking: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** After login or signup: the server's user becomes the session and the stored snapshot. */
export function setSessionUser(queryClient: QueryClient, user: Me): void {
  useAuthStore.setState({ user, loggedOut: false, signedOutTo: undefined });
  queryClient.setQueryData(sessionQueryKey, user);
}

/**
 * After logout (or a revoked session): forget the user and every cached server answer. `to`: the
 * page the signed-in pages send them to instead of /login.
 */
export function clearSession(
  queryClient: QueryClient,
  to?: { path: string; state?: unknown },
): void {
  useAuthStore.setState({ user: null, loggedOut: true, signedOutTo: to });
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, null);
}

/**
 * When any request answers 401 (the session expired or was revoked elsewhere), re-ask the server
 * who is signed in, so the shell sends the user to /login instead of showing stale data.
 * Returns the unsubscribe function.
 */
export function watchForExpiredSession(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const error: unknown = event.action.error;
    const isSessionQuery = event.query.queryHash === hashKey(sessionQueryKey);
    if (!isSessionQuery && error instanceof ApiRequestError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  });
}
