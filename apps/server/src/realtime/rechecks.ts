import type { Logger } from 'pino';
import type { Authorize } from './access';
import { channelsWithoutRole } from './channels';
import { announce, POLICY_VIOLATION, type Client, type SocketRegistry } from './sockets';

/** Announced by database triggers when a session ends or a user's access changes (migration 0009). */
export const PG_ACCESS_CHANNEL = 'realtime_access';
/** At most this many sessions in one re-check query. */
const AUTHORIZE_BATCH = 1000;
/**
 * How long an ended session or an access change is remembered, for a socket whose upgrade read
 * the session just before the change committed and registers just after its notice went by.
 */
const RECENT_MS = 10_000;
/** Close code 1011: the server could not check the socket's rights; the client reconnects. */
const INTERNAL_ERROR = 1011;

/**
 * A socket never outlives the access it was opened with: the database announces every ended
 * session and every change of a user's roles, and the sockets concerned are closed or re-checked.
 */
export interface AccessChecks {
  /** How sessions are re-checked (set by the /realtime route, which knows the database). */
  authorizeWith: (authorize: Authorize) => void;
  /** A notice on PG_ACCESS_CHANNEL: a session ended, or a user's access changed. */
  onNotice: (payload: string) => void;
  /** A socket just registered: closed or re-checked if its session or user changed just now. */
  admit: (client: Client) => void;
  /**
   * Applies the database's answer to each socket, unless its rights were cut again meanwhile.
   * `onError` says what happens when the database cannot answer (see recheck).
   */
  recheck: (targets: Client[], onError: 'close' | 'keep') => Promise<void>;
}

export function createAccessChecks(sockets: SocketRegistry, log: Logger): AccessChecks {
  const endedSessions = new Map<string, number>();
  const changedUsers = new Map<string, number>();
  let authorize: Authorize | null = null;

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
    for (const client of sockets.ofSession(sessionId)) {
      sockets.drop(client, POLICY_VIOLATION, 'Session ended');
    }
  }

  /**
   * A user's access changed: at once, their sockets keep only what needs no role (so nothing
   * sent after the change reaches them on the old rights); then the database says what they may
   * hear now, and a socket whose session is gone is closed.
   */
  function accessChanged(userId: string): void {
    remember(changedUsers, userId);
    const affected = sockets.ofUser(userId);
    if (affected.length === 0) return;
    const keep = new Set(channelsWithoutRole(userId));
    for (const client of affected) {
      client.generation += 1;
      client.channels = new Set([...client.channels].filter((channel) => keep.has(channel)));
    }
    void recheck(affected, 'close');
  }

  /** What the database says each socket's session may hear now; throws when it cannot answer. */
  async function ask(targets: Client[]): Promise<Map<string, string[]>> {
    if (!authorize) throw new Error('no authorizer');
    const allowed = new Map<string, string[]>();
    const sessionIds = [...new Set(targets.map((client) => client.sessionId))];
    for (let i = 0; i < sessionIds.length; i += AUTHORIZE_BATCH) {
      const answer = await authorize(sessionIds.slice(i, i + AUTHORIZE_BATCH));
      for (const [sessionId, channels] of answer) allowed.set(sessionId, channels);
    }
    return allowed;
  }

  /**
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
      allowed = await ask(targets);
    } catch (error) {
      log.warn({ err: error, onError }, 'realtime re-check failed');
      if (onError === 'keep') return;
      for (const client of targets) {
        if (sockets.has(client)) sockets.drop(client, INTERNAL_ERROR, 'Try again');
      }
      return;
    }
    for (const client of targets) {
      if (!sockets.has(client) || started.get(client) !== client.generation) continue;
      apply(client, allowed.get(client.sessionId));
    }
  }

  /** Gives a socket the channels its session may hear now (none: the session is gone). */
  function apply(client: Client, channels: string[] | undefined): void {
    if (!channels || channels.length === 0) {
      sockets.drop(client, POLICY_VIOLATION, 'Session ended');
      return;
    }
    client.channels = new Set(channels);
    // Told again only when the answer differs from what the client heard last.
    if (announce(channels) === client.announced) return;
    client.announced = announce(channels);
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify({ type: 'hello', channels }));
  }

  return {
    authorizeWith(next) {
      authorize = next;
    },
    onNotice(payload) {
      const notice = JSON.parse(payload) as { session?: unknown; user?: unknown };
      if (typeof notice.session === 'string') sessionEnded(notice.session);
      else if (typeof notice.user === 'string') accessChanged(notice.user);
    },
    admit(client) {
      if (recentlyIn(endedSessions, client.sessionId)) {
        sockets.drop(client, POLICY_VIOLATION, 'Session ended');
      } else if (recentlyIn(changedUsers, client.userId)) {
        client.generation += 1;
        void recheck([client], 'close');
      }
    },
    recheck,
  };
}
