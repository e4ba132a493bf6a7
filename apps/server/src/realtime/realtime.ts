import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { hasAdminPowers } from '../modules/auth/session';

/**
 * Live updates over /realtime. Publishing goes through PostgreSQL NOTIFY and every instance
 * LISTENs, so a client connected to any instance gets every event of its channels.
 * Channels: `user:<id>` (own account, transactions, trade), `admin` (admins only), `public`
 * (prices, strategy NAVs).
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

const PG_CHANNEL = 'realtime_events';
/** NOTIFY payloads are limited to 8000 bytes; larger events are sent without their data. */
const MAX_PAYLOAD = 7900;
/** At most this many events in one NOTIFY statement. */
const NOTIFY_BATCH = 500;

export interface RealtimeHub extends Realtime {
  add: (client: Client) => () => void;
  /** Resolves once this instance is LISTENing (so tests can publish without racing). */
  ready: Promise<void>;
  close: () => Promise<void>;
}

export function createRealtime(options: { databaseUrl: string; log: Logger }): RealtimeHub {
  const clients = new Set<Client>();
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
  let listener: pg.Client | null = null;
  let closed = false;
  let queued: string[] = [];

  /** The statements sent so far, one after another: events arrive in the order published. */
  let sending: Promise<unknown> = Promise.resolve();

  /**
   * Sends what was published during this turn of the event loop as one statement: a money
   * request announces three or four events, and one round trip each was a tenth of its cost.
   * PostgreSQL delivers identical payloads of one statement once, which is harmless for events
   * that only say "this changed".
   */
  function flush(): Promise<unknown> {
    const batch = queued;
    queued = [];
    for (let i = 0; i < batch.length; i += NOTIFY_BATCH) {
      const chunk = batch.slice(i, i + NOTIFY_BATCH);
      sending = sending.then(() =>
        publisher
          .query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
            PG_CHANNEL,
            chunk,
          ])
          .catch((error: unknown) => {
            options.log.warn({ err: error }, 'realtime publish failed');
          }),
      );
    }
    return sending;
  }

  function deliver(channel: string, event: RealtimeEvent): void {
    const message = JSON.stringify({ channel, ...event });
    for (const client of clients) {
      if (client.channels.has(channel) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(message);
      }
    }
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', (notification) => {
      if (!notification.payload) return;
      try {
        const { channel, event } = JSON.parse(notification.payload) as {
          channel: string;
          event: RealtimeEvent;
        };
        deliver(channel, event);
      } catch (error) {
        options.log.warn({ err: error }, 'bad realtime payload');
      }
    });
    client.on('error', (error) => {
      void client.end().catch(() => {});
      // Before LISTEN succeeded, listen() itself rejects and its caller retries.
      if (listener !== client) return;
      options.log.warn({ err: error.message }, 'realtime listener lost; reconnecting');
      listener = null;
      reconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
  }

  /** Retries every second until LISTEN works again (the database may be down for a while). */
  function reconnect(): void {
    if (closed) return;
    setTimeout(() => {
      if (closed || listener) return;
      listen().catch((error: unknown) => {
        options.log.warn({ err: (error as Error).message }, 'realtime listener reconnect failed');
        reconnect();
      });
    }, 1000).unref();
  }

  const ready = listen();
  ready.catch((error: unknown) =>
    options.log.error({ err: error }, 'realtime listener failed to start'),
  );

  return {
    ready,
    add(client) {
      clients.add(client);
      return () => clients.delete(client);
    },
    publish(channel, event) {
      let payload = JSON.stringify({ channel, event, from: instanceId });
      if (payload.length > MAX_PAYLOAD)
        payload = JSON.stringify({ channel, event: { type: event.type }, from: instanceId });
      queued.push(payload);
      if (queued.length === 1) setImmediate(() => void flush());
    },
    clientCount: () => clients.size,
    async close() {
      closed = true;
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
      await flush();
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}

/** Close code 1008 (policy violation) tells the client not to reconnect. */
export const POLICY_VIOLATION = 1008;

export function registerRealtimeRoute(
  app: FastifyInstance,
  hub: RealtimeHub,
  options: { allowedOrigins: string[] },
): void {
  app.get('/realtime', { websocket: true, schema: { hide: true } }, (socket, request) => {
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
    if (hasAdminPowers(user)) channels.add('admin');
    const remove = hub.add({ socket, channels });
    const ping = setInterval(() => socket.ping(), 20_000);
    socket.on('message', (raw: Buffer) => {
      // The client's keep-alive: answer {"type":"ping"} with {"type":"pong"}.
      if (raw.toString() === '{"type":"ping"}') socket.send('{"type":"pong"}');
    });
    socket.on('close', () => {
      clearInterval(ping);
      remove();
    });
    socket.send(JSON.stringify({ type: 'hello', channels: [...channels] }));
  });
}
