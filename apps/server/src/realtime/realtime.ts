import type { Logger } from 'pino';
import type { Realtime } from '../context';
import { listenForNotices } from '../db/notices';
import type { Authorize } from './access';
import { PG_CHANNEL, createPublisher } from './publisher';
import { PG_ACCESS_CHANNEL, createAccessChecks } from './rechecks';
import {
  announce,
  createSocketRegistry,
  DEFAULT_SOCKETS_PER_USER,
  type Client,
  type RealtimeClient,
  type WireEvent,
} from './sockets';

/**
 * Live updates over /realtime. Publishing goes through PostgreSQL NOTIFY and every instance
 * LISTENs, so a client connected to any instance gets every event of its channels (channels.ts).
 * The parts: the open sockets and the fan-out to them (sockets.ts), the publisher (publisher.ts),
 * and the access checks that keep each socket within its session's rights (rechecks.ts).
 *
 * A socket never outlives the access it was opened with: database triggers announce every ended
 * session and every change of a user's roles on a second channel, and each instance closes the
 * sockets of an ended session (1008, the client stops) and re-checks the rights of a changed
 * user's sockets. Every socket is also re-checked periodically and after a lost listener.
 */
export type { Realtime };
export type { Authorize } from './access';
export { DEFAULT_SOCKETS_PER_USER, POLICY_VIOLATION, type RealtimeClient } from './sockets';

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

/** An event as a notice carries it. */
interface Envelope {
  channel: string;
  event: WireEvent;
}

export function createRealtime(options: RealtimeOptions): RealtimeHub {
  const sockets = createSocketRegistry(options.maxSocketsPerSession ?? 5);
  const access = createAccessChecks(sockets, options.log);
  const publisher = createPublisher(options);
  const revalidate = () => access.recheck(sockets.all(), 'keep');

  const notices = listenForNotices({
    databaseUrl: options.databaseUrl,
    channels: [PG_CHANNEL, PG_ACCESS_CHANNEL],
    log: options.log,
    name: 'realtime',
    onNotice(channel, payload) {
      try {
        if (channel === PG_ACCESS_CHANNEL) {
          access.onNotice(payload);
          return;
        }
        // No socket open here (an instance that only runs the workers): nothing to parse. A
        // cascade of 10,000 closes echoes ~40,000 events back to the instance that closed them.
        if (sockets.size() === 0) return;
        // One event, or several packed in one notice (publisher.ts packPayloads), in order.
        const parsed = JSON.parse(payload) as Envelope | Envelope[];
        for (const { channel: to, event } of Array.isArray(parsed) ? parsed : [parsed]) {
          sockets.deliver(to, event);
        }
      } catch (error) {
        options.log.warn({ err: error }, 'bad realtime payload');
      }
    },
    // Notices sent while nobody listened are lost: once listening again, check every socket.
    onGap() {
      if (notices.listening()) void access.recheck(sockets.all(), 'close');
    },
  });
  const safetyNet = setInterval(() => void revalidate(), options.revalidateMs ?? 60_000);
  safetyNet.unref();

  return {
    ready: notices.ready,
    add(added, limits) {
      const client: Client = { ...added, generation: 0, announced: announce(added.channels) };
      sockets.add(client, limits?.perUser ?? DEFAULT_SOCKETS_PER_USER);
      access.admit(client);
      return () => sockets.forget(client);
    },
    authorizeWith: access.authorizeWith,
    revalidate,
    publish: publisher.publish,
    clientCount: sockets.size,
    async close() {
      clearInterval(safetyNet);
      for (const client of sockets.all()) sockets.drop(client, 1001, 'Server shutting down');
      await publisher.flush();
      await notices.close();
      await publisher.close();
    },
  };
}
