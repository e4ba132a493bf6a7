import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * The /realtime WebSocket skeleton: authenticated by the session cookie, origin checked, pinged
 * every 20 s. Events are published to channels (`user:<id>`, `admin`, `public`); the "Live updates"
 * issue adds cross-instance fan-out through PostgreSQL LISTEN/NOTIFY.
 */
export interface RealtimeEvent {
  type: string;
  data?: unknown;
}

export interface Realtime {
  publish: (channel: string, event: RealtimeEvent) => void;
  clientCount: () => number;
}

interface Client {
  socket: WebSocket;
  channels: Set<string>;
}

export function createRealtime(): Realtime & { add: (client: Client) => () => void } {
  const clients = new Set<Client>();
  return {
    add(client) {
      clients.add(client);
      return () => clients.delete(client);
    },
    publish(channel, event) {
      const message = JSON.stringify({ channel, ...event });
      for (const client of clients) {
        if (client.channels.has(channel) && client.socket.readyState === client.socket.OPEN) {
          client.socket.send(message);
        }
      }
    },
    clientCount: () => clients.size,
  };
}

export type RealtimeHub = ReturnType<typeof createRealtime>;

/** Close code 1008 (policy violation) tells the client not to reconnect. */
export const POLICY_VIOLATION = 1008;

export function registerRealtimeRoute(
  app: FastifyInstance,
  hub: RealtimeHub,
  options: { allowedOrigins: string[] },
): void {
  app.get('/realtime', { websocket: true }, (socket, request) => {
    const origin = request.headers.origin;
    const host = request.headers.host;
    const originOk =
      origin === undefined ||
      options.allowedOrigins.includes(origin) ||
      origin === `http://${host}` ||
      origin === `https://${host}`;
    const user = request.auth?.user;
    if (!originOk || !user) {
      socket.close(POLICY_VIOLATION, originOk ? 'Not signed in' : 'Origin not allowed');
      return;
    }
    const channels = new Set([`user:${user.id}`, 'public']);
    if (user.isAdmin) channels.add('admin');
    const remove = hub.add({ socket, channels });
    const ping = setInterval(() => socket.ping(), 20_000);
    socket.on('message', (raw: Buffer) => {
      // The client's keep-alive: answer {type:'ping'} with {type:'pong'}.
      if (raw.toString() === '{"type":"ping"}') socket.send('{"type":"pong"}');
    });
    socket.on('close', () => {
      clearInterval(ping);
      remove();
    });
    socket.send(JSON.stringify({ type: 'hello', channels: [...channels] }));
  });
}
