import type { Logger } from 'pino';
import type { SessionRow, UserRow } from '../schema';
import { listenForNotices, type NoticeListener } from '../notices';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

/**
 * The sessions this instance resolved lately, by cookie digest, so a signed-in request does not
 * read its session and user again (one round trip of the two or three a read costs: bench
 * reads/statements-per-request). Justified by bench/RESULTS.md 2026-11-26 04:44: statements per
 * read 2.7 -> 1.7, reads/http-empty 0.069 -> 0.112, server CPU per read 1,313 -> 777 us.
 * Switch: PERFORMANCE_OFF=session-cache (every request reads its session).
 *
 * An entry is trusted only while the database can tell this instance that it went stale:
 * triggers announce every ended session and every change to a user row (migrations 0013 and
 * 0027); an announced session or user is forgotten on arrival. While those notices cannot arrive
 * (before the first LISTEN, after a lost connection) nothing is remembered; an entry older than
 * `maxAgeMs` is read afresh anyway. Within this instance, a user's own changes and staff's
 * changes forget at once (`forgetUser`, `clear`), so the next request reads what was written.
 */
export interface SessionCache {
  get: (digestHex: string) => SessionWithUser | undefined;
  /** Take before reading the database; `set` stores only if no notice came in between. */
  epoch: () => number;
  set: (digestHex: string, found: SessionWithUser, readInEpoch: number) => void;
  forgetUser: (userId: string) => void;
  clear: () => void;
  /** Resolves once notices arrive (an entry is remembered only from then on). */
  ready: Promise<void>;
  close: () => Promise<void>;
}

/** Channels whose notices make entries stale (see the migrations named above). */
const SESSION_ENDED_CHANNEL = 'realtime_access';
const USER_CHANGED_CHANNEL = 'user_changed';

interface Entry extends SessionWithUser {
  storedAt: number;
}

export interface SessionCacheOptions {
  databaseUrl: string;
  log: Logger;
  /** Read afresh after this long whatever the notices said (a safety net, not the mechanism). */
  maxAgeMs?: number;
  /** The oldest entries go beyond this many. */
  maxEntries?: number;
  /** How notices are heard (tests pass a scripted listener). */
  listen?: typeof listenForNotices;
}

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 50_000;
  // Insertion order is age order: set() re-inserts.
  const entries = new Map<string, Entry>();
  const digestsOfUser = new Map<string, Set<string>>();
  // Bumped by every notice and gap: a read that overlapped one may have seen a row before its
  // change committed, so it is not remembered.
  let epoch = 0;

  function remove(digestHex: string): void {
    const entry = entries.get(digestHex);
    if (!entry) return;
    entries.delete(digestHex);
    const digests = digestsOfUser.get(entry.user.id);
    digests?.delete(digestHex);
    if (digests?.size === 0) digestsOfUser.delete(entry.user.id);
  }

  function forgetUser(userId: string): void {
    epoch += 1;
    for (const digestHex of [...(digestsOfUser.get(userId) ?? [])]) remove(digestHex);
  }

  function clear(): void {
    epoch += 1;
    entries.clear();
    digestsOfUser.clear();
  }

  // Both triggers name the user (a session's notice names its owner): forgetting every session
  // of that user is coarser than needed and always safe.
  function onNotice(_channel: string, payload: string): void {
    let user: unknown;
    try {
      user = (JSON.parse(payload) as { user?: unknown }).user;
    } catch {
      user = undefined;
    }
    if (typeof user === 'string') forgetUser(user);
    else clear();
  }

  const listen = options.listen ?? listenForNotices;
  const listener: NoticeListener = listen({
    databaseUrl: options.databaseUrl,
    channels: [SESSION_ENDED_CHANNEL, USER_CHANGED_CHANNEL],
    log: options.log,
    name: 'session cache',
    onNotice,
    onGap: clear,
  });

  return {
    get(digestHex) {
      const entry = entries.get(digestHex);
      if (!entry) return undefined;
      if (!listener.listening() || Date.now() - entry.storedAt > maxAgeMs) {
        remove(digestHex);
        return undefined;
      }
      return entry;
    },
    epoch: () => epoch,
    set(digestHex, found, readInEpoch) {
      if (!listener.listening() || readInEpoch !== epoch) return;
      remove(digestHex);
      // Shared by every request of the session until forgotten: nobody may change it in place.
      entries.set(digestHex, {
        session: found.session,
        user: Object.freeze(found.user),
        storedAt: Date.now(),
      });
      const digests = digestsOfUser.get(found.user.id);
      if (digests) digests.add(digestHex);
      else digestsOfUser.set(found.user.id, new Set([digestHex]));
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) remove(oldest.value);
      }
    },
    forgetUser,
    clear,
    ready: listener.ready,
    close: () => listener.close(),
  };
}

/** Remembers nothing: every request reads its session (unit tests, tools without a listener). */
export function noSessionCache(): SessionCache {
  return {
    get: () => undefined,
    epoch: () => 0,
    set: () => {},
    forgetUser: () => {},
    clear: () => {},
    ready: Promise.resolve(),
    close: async () => {},
  };
}
