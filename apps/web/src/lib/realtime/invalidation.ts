import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeMessage } from './connection';

/**
 * Which cached queries each server event makes stale. Features add their own entries with
 * `onRealtimeEvent`; the default for an unknown `<area>.changed` event is the `[area]` prefix.
 */
const handlers = new Map<string, (message: RealtimeMessage, client: QueryClient) => void>();

export function onRealtimeEvent(
  type: string,
  handler: QueryKey[] | ((message: RealtimeMessage, client: QueryClient) => void),
): void {
  handlers.set(
    type,
    typeof handler === 'function'
      ? handler
      : (_message, client) => {
          for (const queryKey of handler) void client.invalidateQueries({ queryKey });
        },
  );
}

export function applyRealtimeMessage(message: RealtimeMessage, client: QueryClient): void {
  const handler = handlers.get(message.type);
  if (handler) {
    handler(message, client);
    return;
  }
  const match = /^([a-z-]+)\.changed$/.exec(message.type);
  if (match?.[1]) void client.invalidateQueries({ queryKey: [match[1]] });
}

// The signed-in user's own data: every money event also changes the account summary.
onRealtimeEvent('account.changed', [['account'], ['auth', 'me']]);
onRealtimeEvent('transactions.changed', [['transactions'], ['account']]);
onRealtimeEvent('trade.changed', [['trade'], ['account']]);
