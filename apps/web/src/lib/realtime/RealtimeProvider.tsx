import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { sessionQueryKey } from '../auth';
import { createRealtimeConnection, type ConnectionStatus } from './connection';
import type { RealtimeHandlers } from './invalidation';

export const useRealtimeStatus = create<{
  status: ConnectionStatus;
  set: (s: ConnectionStatus) => void;
}>((set) => ({
  status: 'connecting',
  set: (status) => set({ status }),
}));

function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/realtime`;
}

/**
 * Keeps one /realtime connection while a user is signed in and applies its events to the cache
 * with `handlers` (one for every event of the shared vocabulary; the app's map in app/realtime.ts).
 */
export function RealtimeProvider({
  enabled,
  handlers,
  children,
}: {
  enabled: boolean;
  handlers: RealtimeHandlers;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const setStatus = useRealtimeStatus((state) => state.set);
  useEffect(() => {
    if (!enabled) return;
    let connection: { close: () => void } | undefined;
    let cancelled = false;
    // The events' schemas (zod) come with the socket, not with the page's first load.
    void import('./invalidation').then(({ applyRealtimeMessage }) => {
      if (cancelled) return;
      connection = createRealtimeConnection({
        url: realtimeUrl(),
        onMessage: (message) => applyRealtimeMessage(message, queryClient, handlers),
        onStatus: setStatus,
        // Whatever changed while we were away: refetch everything that is on screen.
        onReconnected: () => void queryClient.invalidateQueries(),
        // Refused for good (the session ended elsewhere): a 401 here sends the user to /login.
        onRefused: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      });
    });
    return () => {
      cancelled = true;
      connection?.close();
    };
  }, [enabled, handlers, queryClient, setStatus]);
  return children;
}
