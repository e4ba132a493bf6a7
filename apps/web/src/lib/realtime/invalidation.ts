import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  realtimeEventSchema,
  type RealtimeEventOf,
  type RealtimeEventType,
} from '@app/shared/schemas/realtime';

/** What one event does to the cache: make these keys stale, or a function that patches it. */
export type RealtimeHandler<T extends RealtimeEventType> =
  QueryKey[] | ((event: RealtimeEventOf<T>, client: QueryClient) => void);

/**
 * A handler for every event of the shared vocabulary (packages/shared schemas/realtime.ts): the
 * type requires them all, so a new event cannot go unhandled. The app builds this map in one
 * place (app/realtime.ts) and hands it to the RealtimeProvider.
 */
export type RealtimeHandlers = { [T in RealtimeEventType]: RealtimeHandler<T> };

/**
 * Applies one socket message: parsed against the shared schema (anything else — the server's
 * hello, a pong, a malformed event — is ignored), then given to its event's handler.
 */
export function applyRealtimeMessage(
  message: unknown,
  client: QueryClient,
  handlers: RealtimeHandlers,
): void {
  const parsed = realtimeEventSchema.safeParse(message);
  if (!parsed.success) return;
  const event = parsed.data;
  const handler = handlers[event.type] as RealtimeHandler<typeof event.type>;
  if (typeof handler === 'function') {
    handler(event, client);
    return;
  }
  for (const queryKey of handler) void client.invalidateQueries({ queryKey });
}
