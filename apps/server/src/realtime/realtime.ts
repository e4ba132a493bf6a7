import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { RealtimeChannel, RealtimeEvent } from '@app/shared/schemas/realtime';
import type { AppContext } from '../context';
import { listenForNotices } from '../db/notices';
import { sessionAuthorizer } from './access';
import { channelsFor, channelsWithoutRole } from './channels';

/**
 * Live updates over /realtime. Publishing goes through PostgreSQL NOTIFY and every instance
 * LISTENs, so a client connected to any instance gets every event of its channels (channels.ts).
 *
 * A socket never outlives the access it was opened with: database triggers announce every ended
 * session and every change of a user's roles on a second channel, and each instance closes the
 * sockets of an ended session (1008, the client stops) and re-checks the rights of a changed
 * user's sockets. Every socket is also re-checked periodically and after a lost listener.
 */
/** An event as it travels between instances and to the sockets (JSON, typed when published). */
interface WireEvent {
  type: string;
  data?: unknown;
}

export interface Realtime {
  /** Only the shared vocabulary (packages/shared schemas/realtime.ts) can be published. */
  publish: (channel: RealtimeChannel, event: RealtimeEvent) => void;
  clientCount: () => number;
}

/** One open socket: what it may hear, and the session and user it was opened with. */
export interface RealtimeClient {
  socket: WebSocket;
  channels: Set<string>;
  sessionId: string;
  userId: string;
}

interface Client extends RealtimeClient {
  /** Bumped whenever the socket's rights are cut; a re-check started earlier is then stale. */
  generation: number;
  /** The channels last announced to the client in a hello. */
  announced: string;
}

const announce = (channels: Iterable<string>) => [...channels].sort().join(' ');

/**
 * Re-checks sessions against the database: for each of `sessionIds` still live, the channels its
 * user may hear now. A session missing from the answer has ended.
 */
export type Authorize = (sessionIds: string[]) => Promise<Map<string, string[]>>;

const PG_CHANNEL = 'realtime_events';
/** Announced by database triggers when a session ends or a user's access changes (migration 0009). */
const PG_ACCESS_CHANNEL = 'realtime_access';
/** NOTIFY payloads are limited to 8000 bytes; larger events are sent without their data. */
const MAX_PAYLOAD = 7900;
/** At most this many events in one NOTIFY statement. */
const NOTIFY_BATCH = 500;
/** At most this many sessions in one re-check query. */
const AUTHORIZE_BATCH = 1000;
/**
 * How long an ended session or an access change is remembered, for a socket whose upgrade read
 * the session just before the change committed and registers just after its notice went by.
 */
const RECENT_MS = 10_000;

/** Open sockets per user on one instance when the caller gives no limit (MAX_SOCKETS_PER_USER). */
export const DEFAULT_SOCKETS_PER_USER = 20;

/** Close code 1008 (policy violation) tells the client not to reconnect. */
export const POLICY_VIOLATION = 1008;
/** Close code 1011: the server could not check the socket's rights; the client reconnects. */
const INTERNAL_ERROR = 1011;

export interface RealtimeHub extends Realtime {
  /**
   * Registers an open socket, closing the oldest of its session over the per-session cap and the
   * oldest of its user over `limits.perUser` (default DEFAULT_SOCKETS_PER_USER); returns remove.
   */
  add: (client: RealtimeClient, limits?: { perUser: number }) => () => void;
  /** How sessions are re-checked (set by the /realtime route, which knows the database). */
  authorizeWith: (authorize: Authorize) => void;
  /** Re-checks every open socket now: the periodic safety net, and after a lost listener. */
  revalidate: () => Promise<void>;
  /** Resolves once this instance is LISTENing (so tests can publish without racing). */
  ready: Promise<void>;
  close: () => Promise<void>;
}

export interface RealtimeOptions {
  databaseUrl: string;
  log: Logger;
  /** Open sockets allowed per session on one instance; a new one closes the oldest. */
  maxSocketsPerSession?: number;
  /** Safety net: every socket's session and rights are re-checked this often. */
  revalidateMs?: number;
}

export function createRealtime(options: RealtimeOptions): RealtimeHub {
  const maxPerSession = options.maxSocketsPerSession ?? 5;
  const clients = new Set<Client>();
  const bySession = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();
  const endedSessions = new Map<string, number>();
  const changedUsers = new Map<string, number>();
  let authorize: Authorize | null = null;
  const instanceId = crypto.randomUUID();
  // One connection, so statements (and their events) stay in order; a lost database must not stall
  // the chain for long.
  const publisher = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 1,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
  });
  publisher.on('error', () => {});
  // Checked-out clients have no listener of their own: see createPool.
  publisher.on('connect', (client) => client.on('error', () => {}));
  let queued: string[] = [];

  /** The statements sent so far, one after another: events arrive in the order published. */
  let sending: Promise<unknown> = Promise.resolve();

  /**
   * Sends what was published as one statement, once the statement before it is done: a money
   * request announces three or four events, and one round trip each was a tenth of its cost. The
   * events published while a statement is on its way wait for it and go together in the next one
   * (under load, one statement carries the events of several requests; idle, nothing waits).
   * PostgreSQL delivers identical payloads of one statement once, which is harmless for events
   * that only say "this changed".
   */
  function flush(): Promise<unknown> {
    sending = sending.then(async () => {
      const batch = queued;
      queued = [];
      for (let i = 0; i < batch.length; i += NOTIFY_BATCH) {
        await publisher
          .query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
            PG_CHANNEL,
            batch.slice(i, i + NOTIFY_BATCH),
          ])
          .catch((error: unknown) => {
            options.log.warn({ err: error }, 'realtime publish failed');
          });
      }
    });
    return sending;
  }

  function deliver(channel: string, event: WireEvent): void {
    const message = JSON.stringify({ channel, ...event });
    for (const client of clients) {
      if (client.channels.has(channel) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(message);
      }
    }
  }

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

  /** Forgets a socket (idempotent) and closes it: it hears nothing more from this moment. */
  function drop(client: Client, code: number, reason: string): void {
    forget(client);
    client.socket.close(code, reason);
  }

  function forget(client: Client): void {
    if (!clients.delete(client)) return;
    unindex(bySession, client.sessionId, client);
    unindex(byUser, client.userId, client);
  }

  /** Keeps `key` for RECENT_MS, dropping what is older (the map is in insertion order). */
  function remember(map: Map<string, number>, key: string): void {
    const now = Date.now();
    map.delete(key);
    map.set(key, now);
    for (const [old, at] of map) {
      if (now - at <= RECENT_MS) break;
      map.delete(old);
    }
  }

  function recentlyIn(map: Map<string, number>, key: string): boolean {
    const at = map.get(key);
    return at !== undefined && Date.now() - at <= RECENT_MS;
  }

  function sessionEnded(sessionId: string): void {
    remember(endedSessions, sessionId);
    for (const client of [...(bySession.get(sessionId) ?? [])]) {
      drop(client, POLICY_VIOLATION, 'Session ended');
    }
  }

  /**
   * A user's access changed: at once, their sockets keep only what needs no role (so nothing
   * sent after the change reaches them on the old rights); then the database says what they may
   * hear now, and a socket whose session is gone is closed.
   */
  function accessChanged(userId: string): void {
    remember(changedUsers, userId);
    const affected = [...(byUser.get(userId) ?? [])];
    if (affected.length === 0) return;
    const keep = new Set(channelsWithoutRole(userId));
    for (const client of affected) {
      client.generation += 1;
      client.channels = new Set([...client.channels].filter((channel) => keep.has(channel)));
    }
    void recheck(affected, 'close');
  }

  /**
   * Applies the database's answer to each socket, unless its rights were cut again meanwhile.
   * When the database cannot answer, `onError` says what happens: sockets whose rights are in
   * doubt (a notice came, or notices may have been lost) are closed, and the client reconnects
   * and signs in afresh; the periodic check keeps them (their notices still arrive) and tries
   * again next time, rather than dropping every socket on every instance each minute of an outage.
   */
  async function recheck(targets: Client[], onError: 'close' | 'keep'): Promise<void> {
    if (targets.length === 0) return;
    const started = new Map(targets.map((client) => [client, client.generation]));
    let allowed: Map<string, string[]>;
    try {
      if (!authorize) throw new Error('no authorizer');
      allowed = new Map();
      const sessionIds = [...new Set(targets.map((client) => client.sessionId))];
      for (let i = 0; i < sessionIds.length; i += AUTHORIZE_BATCH) {
        const answer = await authorize(sessionIds.slice(i, i + AUTHORIZE_BATCH));
        for (const [sessionId, channels] of answer) allowed.set(sessionId, channels);
      }
    } catch (error) {
      options.log.warn({ err: error, onError }, 'realtime re-check failed');
      if (onError === 'keep') return;
      for (const client of targets) {
        if (clients.has(client)) drop(client, INTERNAL_ERROR, 'Try again');
      }
      return;
    }
    for (const client of targets) {
      if (!clients.has(client) || started.get(client) !== client.generation) continue;
      const channels = allowed.get(client.sessionId);
      if (!channels || channels.length === 0) {
        drop(client, POLICY_VIOLATION, 'Session ended');
        continue;
      }
      client.channels = new Set(channels);
      // Told again only when the answer differs from what the client heard last.
      if (announce(channels) === client.announced) continue;
      client.announced = announce(channels);
      if (client.socket.readyState === client.socket.OPEN)
        client.socket.send(JSON.stringify({ type: 'hello', channels }));
    }
  }

  function onAccessNotice(payload: string): void {
    const notice = JSON.parse(payload) as { session?: unknown; user?: unknown };
    if (typeof notice.session === 'string') sessionEnded(notice.session);
    else if (typeof notice.user === 'string') accessChanged(notice.user);
  }

  function revalidate(): Promise<void> {
    return recheck([...clients], 'keep');
  }

  const notices = listenForNotices({
    databaseUrl: options.databaseUrl,
    channels: [PG_CHANNEL, PG_ACCESS_CHANNEL],
    log: options.log,
    name: 'realtime',
    onNotice(channel, payload) {
      try {
        if (channel === PG_ACCESS_CHANNEL) {
          onAccessNotice(payload);
          return;
        }
        const { channel: to, event } = JSON.parse(payload) as {
          channel: string;
          event: WireEvent;
        };
        deliver(to, event);
      } catch (error) {
        options.log.warn({ err: error }, 'bad realtime payload');
      }
    },
    // Notices sent while nobody listened are lost: once listening again, check every socket.
    onGap() {
      if (notices.listening()) void recheck([...clients], 'close');
    },
  });
  const safetyNet = setInterval(() => void revalidate(), options.revalidateMs ?? 60_000);
  safetyNet.unref();

  return {
    ready: notices.ready,
    add(added, limits) {
      const client: Client = { ...added, generation: 0, announced: announce(added.channels) };
      // Over a cap, the oldest socket goes (first of its session, then of its user, whatever
      // session it belongs to): the newest is the page in front of the user, and a stale socket
      // (a reloaded tab, a dropped network) must never lock it out. Sets keep insertion order.
      const caps = [
        [bySession.get(client.sessionId), maxPerSession],
        [byUser.get(client.userId), limits?.perUser ?? DEFAULT_SOCKETS_PER_USER],
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
      if (recentlyIn(endedSessions, client.sessionId)) {
        drop(client, POLICY_VIOLATION, 'Session ended');
      } else if (recentlyIn(changedUsers, client.userId)) {
        client.generation += 1;
        void recheck([client], 'close');
      }
      return () => forget(client);
    },
    authorizeWith(next) {
      authorize = next;
    },
    revalidate,
    publish(channel, event) {
      let payload = JSON.stringify({ channel, event, from: instanceId });
      if (payload.length > MAX_PAYLOAD)
        payload = JSON.stringify({ channel, event: { type: event.type }, from: instanceId });
      queued.push(payload);
      if (queued.length === 1) setImmediate(() => void flush());
    },
    clientCount: () => clients.size,
    async close() {
      clearInterval(safetyNet);
      for (const client of [...clients]) drop(client, 1001, 'Server shutting down');
      await flush();
      await notices.close();
      await publisher.end().catch(() => {});
    },
  };
}

export function registerRealtimeRoute(
  app: FastifyInstance,
  ctx: AppContext,
  hub: RealtimeHub,
  options: { allowedOrigins: string[] },
): void {
  hub.authorizeWith(sessionAuthorizer(ctx));
  app.get('/realtime', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    const host = request.headers.host;
    const originOk =
      origin === undefined ||
      options.allowedOrigins.includes(origin) ||
      origin === `http://${host}` ||
      origin === `https://${host}`;
    const auth = request.auth;
    const channels = auth ? channelsFor(auth.user) : [];
    if (!originOk || !auth || channels.length === 0) {
      socket.close(POLICY_VIOLATION, originOk ? 'Not signed in' : 'Origin not allowed');
      return;
    }
    const ping = setInterval(() => socket.ping(), 20_000);
    socket.on('message', (raw: Buffer) => {
      // The client's keep-alive: answer {"type":"ping"} with {"type":"pong"}.
      if (raw.toString() === '{"type":"ping"}') socket.send('{"type":"pong"}');
    });
    let remove: () => void = () => {};
    socket.on('close', () => {
      clearInterval(ping);
      remove();
    });
    socket.send(JSON.stringify({ type: 'hello', channels }));
    remove = hub.add(
      { socket, channels: new Set(channels), sessionId: auth.sessionId, userId: auth.user.id },
      { perUser: ctx.config.maxSocketsPerUser },
    );
  });
}
