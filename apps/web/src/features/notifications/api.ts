import type {
  NotificationPage,
  NotificationPreferences,
  UnreadCount,
  UpdateNotificationPreferences,
} from '@app/shared/schemas/notifications';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * The user's alerts. Keys sit under `['notifications']`, which the realtime event
 * `notifications.changed` invalidates (app/realtime.ts): a new alert shows without a reload.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export const notificationListQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
    if (pageParam) params.set('cursor', pageParam);
    return api.get<NotificationPage>(`/api/notifications?${params.toString()}`, signal);
  },
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => api.get<UnreadCount>('/api/notifications/unread-count', signal),
  select: (data) => data.unreadCount,
});

export const notificationPreferencesQuery = queryOptions({
  queryKey: notificationKeys.preferences,
  queryFn: ({ signal }) =>
    api.get<NotificationPreferences>('/api/notifications/preferences', signal),
});

function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Marks one alert read; the bell's count and the list refresh. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<UnreadCount>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: () => invalidateNotifications(queryClient),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnreadCount>('/api/notifications/read-all'),
    onSuccess: () => invalidateNotifications(queryClient),
  });
}

/**
 * Saves e-mail choices (and the e-mail language). The switch moves at once (optimistic) and goes
 * back if the server refuses; the answer is the new preferences.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences;
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferences) =>
      api.put<NotificationPreferences>('/api/notifications/preferences', input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) {
        queryClient.setQueryData<NotificationPreferences>(key, {
          language: input.language ?? before.language,
          email: { ...before.email, ...(input.email as Partial<NotificationPreferences['email']>) },
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
