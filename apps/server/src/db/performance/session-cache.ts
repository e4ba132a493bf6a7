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

/**
 * The remembered entries, found by cookie digest and by user, with the epoch that `set` checks.
 * Insertion order is age order: `store` re-inserts, and the oldest go beyond `maxEntries`.
 */
function createEntries(maxEntries: number) {
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

  function store(digestHex: string, found: SessionWithUser): void {
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

  return {
    find: (digestHex: string) => entries.get(digestHex),
    epoch: () => epoch,
    remove,
    store,
    forgetUser,
    clear,
  };
}

type Entries = ReturnType<typeof createEntries>;

/** The user a notice names (both triggers put it in `user`), if it names one. */
function userOfNotice(payload: string): string | undefined {
  let user: unknown;
  try {
    user = (JSON.parse(payload) as { user?: unknown }).user;
  } catch {
    user = undefined;
  }
  return typeof user === 'string' ? user : undefined;
}

/**
 * Listens for the notices that make entries stale. A session's notice names its owner: forgetting
 * every session of that user is coarser than needed and always safe. A notice naming no user, or
 * a gap in the notices, forgets everything.
 */
function invalidateOnNotices(entries: Entries, options: SessionCacheOptions): NoticeListener {
  const listen = options.listen ?? listenForNotices;
  return listen({
    databaseUrl: options.databaseUrl,
    channels: [SESSION_ENDED_CHANNEL, USER_CHANGED_CHANNEL],
    log: options.log,
    name: 'session cache',
    onNotice(_channel: string, payload: string) {
      const user = userOfNotice(payload);
      if (user !== undefined) entries.forgetUser(user);
      else entries.clear();
    },
    onGap: entries.clear,
  });
}

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const entries = createEntries(options.maxEntries ?? 50_000);
  const listener = invalidateOnNotices(entries, options);

  return {
    get(digestHex) {
      const entry = entries.find(digestHex);
      if (!entry) return undefined;
      if (!listener.listening() || Date.now() - entry.storedAt > maxAgeMs) {
        entries.remove(digestHex);
        return undefined;
      }
      return entry;
    },
    epoch: entries.epoch,
    set(digestHex, found, readInEpoch) {
      if (!listener.listening() || readInEpoch !== entries.epoch()) return;
      entries.store(digestHex, found);
    },
    forgetUser: entries.forgetUser,
    clear: entries.clear,
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
