import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoticeListenerOptions } from '../notices';
import type { SessionRow, UserRow } from '../schema';
import { createSessionCache, type SessionWithUser } from './session-cache';

/** A listener the test drives: notices and gaps arrive when the test says. */
function scriptedListener() {
  const script = {
    listening: false,
    options: null as NoticeListenerOptions | null,
    connect() {
      script.listening = true;
      script.options?.onGap();
    },
    lose() {
      script.listening = false;
      script.options?.onGap();
    },
    notice(channel: string, payload: object | string) {
      script.options?.onNotice(
        channel,
        typeof payload === 'string' ? payload : JSON.stringify(payload),
      );
    },
  };
  const listen = (options: NoticeListenerOptions) => {
    script.options = options;
    return {
      ready: Promise.resolve(),
      listening: () => script.listening,
      close: async () => {},
    };
  };
  return { script, listen };
}

function found(userId: string, sessionId: string): SessionWithUser {
  const at = new Date('2026-11-26T00:00:00Z');
  return {
    session: { id: sessionId, userId, lastSeenAt: at, expiresAt: at } as SessionRow,
    user: { id: userId, name: 'Ada', isActive: true } as UserRow,
  };
}

function setup(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  const { script, listen } = scriptedListener();
  const cache = createSessionCache({
    databaseUrl: 'postgres://unused',
    log: pino({ level: 'silent' }),
    listen,
    ...options,
  });
  script.connect();
  return { cache, script };
}

afterEach(() => vi.useRealTimers());

describe('the session cache', () => {
  it('remembers a session read while no notice came in', () => {
    const { cache } = setup();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    expect(cache.get('a1')?.session.id).toBe('s1');
    expect(cache.get('b2')).toBeUndefined();
  });

  it('does not remember a read that a notice overtook (it may hold the row before the change)', () => {
    const { cache, script } = setup();
    const epoch = cache.epoch();
    script.notice('user_changed', { user: 'someone-else' });
    cache.set('a1', found('u1', 's1'), epoch);
    expect(cache.get('a1')).toBeUndefined();
  });

  it('forgets every session of a user the database says changed, and only theirs', () => {
    const { cache, script } = setup();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    cache.set('a2', found('u1', 's2'), cache.epoch());
    cache.set('b1', found('u2', 's3'), cache.epoch());
    script.notice('user_changed', { user: 'u1' });
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.user.id).toBe('u2');
  });

  it('forgets on an ended session’s notice (it names the owner)', () => {
    const { cache, script } = setup();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    script.notice('realtime_access', { session: 's1', user: 'u1' });
    expect(cache.get('a1')).toBeUndefined();
  });

  it('forgets everything on a notice it cannot read', () => {
    const { cache, script } = setup();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    script.notice('realtime_access', 'not json');
    expect(cache.get('a1')).toBeUndefined();
  });

  it('trusts nothing while notices cannot arrive, and starts empty when they can again', () => {
    const { cache, script } = setup();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    script.lose();
    expect(cache.get('a1')).toBeUndefined();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    expect(cache.get('a1')).toBeUndefined();
    script.connect();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    expect(cache.get('a1')?.session.id).toBe('s1');
  });

  it('reads afresh after its maximum age', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T00:00:00Z') });
    const { cache } = setup({ maxAgeMs: 30_000 });
    cache.set('a1', found('u1', 's1'), cache.epoch());
    vi.advanceTimersByTime(30_000);
    expect(cache.get('a1')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.get('a1')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const { cache } = setup({ maxEntries: 2 });
    cache.set('a', found('u1', 's1'), cache.epoch());
    cache.set('b', found('u2', 's2'), cache.epoch());
    cache.set('c', found('u3', 's3'), cache.epoch());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('hands out a user nobody can change in place', () => {
    const { cache } = setup();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    const user = cache.get('a1')!.user;
    expect(() => {
      (user as { name: string }).name = 'Mallory';
    }).toThrow(TypeError);
  });

  it('forgetUser and clear are local and immediate', () => {
    const { cache } = setup();
    cache.set('a1', found('u1', 's1'), cache.epoch());
    cache.set('b1', found('u2', 's2'), cache.epoch());
    cache.forgetUser('u1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('b1')).toBeDefined();
    cache.clear();
    expect(cache.get('b1')).toBeUndefined();
  });
});
