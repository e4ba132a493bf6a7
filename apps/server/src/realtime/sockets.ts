import type { WebSocket } from 'ws';

/** One open socket: what it may hear, and the session and user it was opened with. */
export interface RealtimeClient {
  socket: WebSocket;
  channels: Set<string>;
  sessionId: string;
  userId: string;
}

/** An open socket as the hub keeps it. */
export interface Client extends RealtimeClient {
  /** Bumped whenever the socket's rights are cut; a re-check started earlier is then stale. */
  generation: number;
  /** The channels last announced to the client in a hello. */
  announced: string;
}

/** An event as it travels between instances and to the sockets (JSON, typed when published). */
export interface WireEvent {
  type: string;
  data?: unknown;
}

/** Open sockets per user on one instance when the caller gives no limit (MAX_SOCKETS_PER_USER). */
export const DEFAULT_SOCKETS_PER_USER = 20;

/** Close code 1008 (policy violation) tells the client not to reconnect. */
export const POLICY_VIOLATION = 1008;

const USER_CHANNEL = 'user:';

export const announce = (channels: Iterable<string>) => [...channels].sort().join(' ');

/** The open sockets of one instance, found by session and by user; fan-out of events to them. */
export interface SocketRegistry {
  /** Registers a socket, closing the oldest of its session and of its user over their caps. */
  add: (client: Client, perUser: number) => void;
  /** Forgets a socket (idempotent) and closes it: it hears nothing more from this moment. */
  drop: (client: Client, code: number, reason: string) => void;
  /** Forgets a socket that closed on its own (idempotent). */
  forget: (client: Client) => void;
  has: (client: Client) => boolean;
  all: () => Client[];
  ofSession: (sessionId: string) => Client[];
  ofUser: (userId: string) => Client[];
  size: () => number;
  /** Sends `event` to every open socket that hears `channel`. */
  deliver: (channel: string, event: WireEvent) => void;
}

export function createSocketRegistry(maxPerSession: number): SocketRegistry {
  const clients = new Set<Client>();
  const bySession = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();

  function index(map: Map<string, Set<Client>>, key: string, client: Client): void {
    const set = map.get(key);
    if (set) set.add(client);
    else map.set(key, new Set([client]));
  }

  function unindex(map: Map<string, Set<Client>>, key: string, client: Client): void {
    const set = map.get(key);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) map.delete(key);
  }

  function forget(client: Client): void {
    if (!clients.delete(client)) return;
    unindex(bySession, client.sessionId, client);
    unindex(byUser, client.userId, client);
  }

  function drop(client: Client, code: number, reason: string): void {
    forget(client);
    client.socket.close(code, reason);
  }

  return {
    add(client, perUser) {
      // Over a cap, the oldest socket goes (first of its session, then of its user, whatever
      // session it belongs to): the newest is the page in front of the user, and a stale socket
      // (a reloaded tab, a dropped network) must never lock it out. Sets keep insertion order.
      const caps = [
        [bySession.get(client.sessionId), maxPerSession],
        [byUser.get(client.userId), perUser],
      ] as const;
      for (const [open, max] of caps) {
        const same = [...(open ?? [])];
        for (const oldest of same.slice(0, Math.max(0, same.length - max + 1))) {
          drop(oldest, POLICY_VIOLATION, 'Too many connections');
        }
      }
      clients.add(client);
      index(bySession, client.sessionId, client);
      index(byUser, client.userId, client);
    },
    drop,
    forget,
    has: (client) => clients.has(client),
    all: () => [...clients],
    ofSession: (sessionId) => [...(bySession.get(sessionId) ?? [])],
    ofUser: (userId) => [...(byUser.get(userId) ?? [])],
    size: () => clients.size,
    deliver(channel, event) {
      // A user's channel is heard by that user's sockets only (channels.ts): those are looked
      // at, not every open socket, for each of the ~4 events a close publishes to its owner.
      const candidates = channel.startsWith(USER_CHANNEL)
        ? byUser.get(channel.slice(USER_CHANNEL.length))
        : clients;
      if (!candidates) return;
      // Written only for a socket that hears it: most events of a cascade reach nobody here.
      let message: string | undefined;
      for (const client of candidates) {
        if (client.channels.has(channel) && client.socket.readyState === client.socket.OPEN) {
          message ??= JSON.stringify({ channel, ...event });
          client.socket.send(message);
        }
      }
    },
  };
}
