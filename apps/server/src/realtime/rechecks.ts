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
  const endedSessions = recentMemory();
  const changedUsers = recentMemory();
  let authorize: Authorize | null = null;

  function sessionEnded(sessionId: string): void {
    endedSessions.remember(sessionId);
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
    changedUsers.remember(userId);
    const affected = sockets.ofUser(userId);
    if (affected.length === 0) return;
    const keep = new Set(channelsWithoutRole(userId));
    for (const client of affected) {
      client.generation += 1;
      client.channels = new Set([...client.channels].filter((channel) => keep.has(channel)));
    }
    void recheck(affected, 'close');
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
      if (!authorize) throw new Error('no authorizer');
      allowed = await askDatabase(authorize, targets);
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
      applyChannels(sockets, client, allowed.get(client.sessionId));
    }
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
      if (endedSessions.has(client.sessionId)) {
        sockets.drop(client, POLICY_VIOLATION, 'Session ended');
      } else if (changedUsers.has(client.userId)) {
        client.generation += 1;
        void recheck([client], 'close');
      }
    },
    recheck,
  };
}

/** Keys seen within RECENT_MS (ended sessions, changed users), oldest dropped as new ones come. */
function recentMemory() {
  const seen = new Map<string, number>();
  return {
    remember(key: string): void {
      const now = Date.now();
      seen.delete(key);
      seen.set(key, now);
      // The map is in insertion order: stop at the first key still recent.
      for (const [old, at] of seen) {
        if (now - at <= RECENT_MS) break;
        seen.delete(old);
      }
    },
    has(key: string): boolean {
      const at = seen.get(key);
      return at !== undefined && Date.now() - at <= RECENT_MS;
    },
  };
}

/** What the database says each socket's session may hear now; throws when it cannot answer. */
async function askDatabase(
  authorize: Authorize,
  targets: Client[],
): Promise<Map<string, string[]>> {
  const allowed = new Map<string, string[]>();
  const sessionIds = [...new Set(targets.map((client) => client.sessionId))];
  for (let i = 0; i < sessionIds.length; i += AUTHORIZE_BATCH) {
    const answer = await authorize(sessionIds.slice(i, i + AUTHORIZE_BATCH));
    for (const [sessionId, channels] of answer) allowed.set(sessionId, channels);
  }
  return allowed;
}

/** Gives a socket the channels its session may hear now (none: the session is gone). */
function applyChannels(
  sockets: SocketRegistry,
  client: Client,
  channels: string[] | undefined,
): void {
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
