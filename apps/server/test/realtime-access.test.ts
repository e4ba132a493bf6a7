import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '@app/shared/http';
import { eventually } from '@app/shared/test/eventually';
import { insertAuthToken } from '../src/modules/auth/auth.repo';
import { digest } from '../src/lib/crypto';
import {
  approvedBySecondAdmin,
  adminClient,
  enableTwoFactorInDb,
  loginWithSecondFactor,
  createTestApp,
  registerUser,
  TestClient,
  VALID_PASSWORD,
  type TestApp,
} from './harness';

/**
 * Live sockets never outlive the access they were opened with (issue 12, finding 2). Two
 * instances share one database; for every way a session ends or a user's access shrinks, the
 * user's sockets on both instances are closed (or lose the channel) within one second, and an
 * admin event published afterwards reaches the admins still allowed but not them.
 */

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let admin: TestClient;
/** The seeded admin's socket on instance B: proof that the admin events do go out. */
let observer: Live;

interface Message {
  type?: string;
  channel?: string;
  channels?: string[];
  data?: { id?: string; transactionId?: string };
  at: number;
}

interface Live {
  messages: Message[];
  closed: Promise<{ code: number; reason: string; at: number }>;
  isClosed: () => boolean;
  socket: WebSocket;
}

function connect(url: string, client: TestClient): Live {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + '/realtime', {
    headers: { cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE) ?? ''}` },
  });
  const messages: Message[] = [];
  let closedFlag = false;
  socket.on('message', (raw: Buffer) =>
    messages.push({ ...(JSON.parse(raw.toString()) as Omit<Message, 'at'>), at: Date.now() }),
  );
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.on('close', (code, reason) => {
      closedFlag = true;
      resolve({ code, reason: reason.toString(), at: Date.now() });
    }),
  );
  return { messages, closed, isClosed: () => closedFlag, socket };
}

/** The channels of the socket's latest hello (the server sends a new one when they change). */
function channelsOf(live: Live): string[] | undefined {
  return live.messages.filter((m) => m.type === 'hello').at(-1)?.channels;
}

async function open(url: string, client: TestClient, expected: string[]): Promise<Live> {
  const live = connect(url, client);
  await eventually(() => channelsOf(live) !== undefined);
  expect(channelsOf(live)).toEqual(expected);
  return live;
}

/** A user's socket on instance A and one on instance B, both hearing the admin channel. */
async function onBoth(client: TestClient, userId: string): Promise<Live[]> {
  const channels = [`user:${userId}`, 'public', 'admin'];
  return [await open(urlA, client, channels), await open(urlB, client, channels)];
}

/** A registered user whom the admin activated and made admin, with two-factor sign-in on. */
async function staffMember() {
  const member = await registerUser(a.app);
  expect((await admin.post(`/api/admin/users/${member.user.id}/activate`)).statusCode).toBe(200);
  const made = await approvedBySecondAdmin(
    a,
    await admin.post(`/api/admin/users/${member.user.id}/make-admin`),
  );
  expect(made.statusCode, made.body).toBe(200);
  await enableTwoFactorInDb(a.db, a.ctx.secretsKey, member.user.id);
  return member;
}

/** Another session of a staff member (two-factor sign-in, as every admin has). */
function signIn(email: string, password = VALID_PASSWORD): Promise<TestClient> {
  return loginWithSecondFactor(a, email, password);
}

/**
 * Each socket closed for the session's end within one second of `since`: the answer of the
 * request that ended it (committed by then), not its start — a request slowed by a loaded
 * machine (deleting a user does much) is not the sockets' delay.
 */
async function expectClosedWithinOneSecond(sockets: Live[], since: number): Promise<void> {
  for (const live of sockets) {
    await eventually(() => live.isClosed(), { timeout: 3000 });
    const closed = await live.closed;
    expect(closed?.code).toBe(1008);
    expect(closed?.reason).toBe('Session ended');
    expect((closed?.at ?? Infinity) - since).toBeLessThan(1000);
  }
}

/** Each socket has a new hello without the admin channel, within one second. */
async function expectAdminChannelLostWithinOneSecond(
  sockets: Live[],
  userId: string,
  since: number,
): Promise<void> {
  for (const live of sockets) {
    await eventually(() => channelsOf(live)?.includes('admin') === false);
    expect(channelsOf(live)).toEqual([`user:${userId}`, 'public']);
    const hello = live.messages.filter((m) => m.type === 'hello').at(-1);
    expect((hello?.at ?? Infinity) - since).toBeLessThan(1000);
    expect(live.isClosed()).toBe(false);
  }
}

/**
 * Publishes an admin event and then one on the user's own channel (when `userId` is given): the
 * observer gets the admin event, the still-open sockets get the later own-channel event (so they
 * were listening), and none of `sockets` got the admin event.
 */
async function expectAdminEventMissed(sockets: Live[], userId?: string): Promise<void> {
  const tag = crypto.randomUUID();
  a.ctx.realtime.publish('admin', { type: 'users.changed', data: { id: tag } });
  if (userId)
    b.ctx.realtime.publish(`user:${userId}`, {
      type: 'transactions.changed',
      data: { transactionId: tag },
    });
  await eventually(() => observer.messages.some((m) => m.data?.id === tag));
  for (const live of sockets) {
    if (userId && !live.isClosed())
      await eventually(() =>
        live.messages.some(
          (m) => m.type === 'transactions.changed' && m.data?.transactionId === tag,
        ),
      );
    expect(live.messages.filter((m) => m.channel === 'admin' && m.data?.id === tag)).toEqual([]);
  }
}

async function sessionIdOf(client: TestClient): Promise<string> {
  const list = (await client.get('/api/auth/sessions')).json<{
    sessions: { id: string; current: boolean }[];
  }>();
  const current = list.sessions.find((s) => s.current);
  if (!current) throw new Error('no current session');
  return current.id;
}

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { shareDatabaseWith: a });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await adminClient(a);
  const me = (await admin.get('/api/auth/me')).json<{ user: { id: string } }>().user.id;
  observer = await open(urlB, admin, [`user:${me}`, 'public', 'admin']);
});
afterAll(async () => {
  observer.socket.close();
  await b.close();
  await a.close();
});

/**
 * A staff member's sockets on both instances, then `end` (what ends the member's session): every
 * socket closes within one second and misses the next admin event.
 */
async function expectSocketsClosedBy(
  end: (member: Awaited<ReturnType<typeof staffMember>>) => Promise<void>,
): Promise<void> {
  const member = await staffMember();
  const sockets = await onBoth(member.client, member.user.id);
  await end(member);
  await expectClosedWithinOneSecond(sockets, Date.now());
  await expectAdminEventMissed(sockets);
}

/**
 * A staff member's sockets on both instances, then `take` (what takes the member's admin role):
 * the sockets lose the admin channel within one second, and the next admin event misses them.
 */
async function expectAdminChannelTakenBy(take: (userId: string) => Promise<void>): Promise<void> {
  const { client, user } = await staffMember();
  const sockets = await onBoth(client, user.id);
  await take(user.id);
  await expectAdminChannelLostWithinOneSecond(sockets, user.id, Date.now());
  await expectAdminEventMissed(sockets, user.id);
  sockets.forEach((live) => live.socket.close());
}

describe('live sockets end with the session they were opened with', () => {
  it('logout closes the session’s sockets on both instances', async () => {
    await expectSocketsClosedBy(async ({ client }) => {
      expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    });
  });

  it('revoking one of one’s own sessions closes its sockets; the other session’s stay', async () => {
    const { client, user, input } = await staffMember();
    const sockets = await onBoth(client, user.id);
    const other = await signIn(input.email);
    const kept = await onBoth(other, user.id);
    const target = await sessionIdOf(client);
    expect((await other.delete(`/api/auth/sessions/${target}`)).statusCode).toBe(200);
    await expectClosedWithinOneSecond(sockets, Date.now());
    await expectAdminEventMissed(sockets);
    expect(kept.map((live) => live.isClosed())).toEqual([false, false]);
    kept.forEach((live) => live.socket.close());
  });

  it('an admin revoking a user’s sessions closes all of them', async () => {
    const { client, user, input } = await staffMember();
    const second = await signIn(input.email);
    const sockets = [...(await onBoth(client, user.id)), ...(await onBoth(second, user.id))];
    expect((await admin.post(`/api/admin/users/${user.id}/revoke-sessions`)).statusCode).toBe(200);
    await expectClosedWithinOneSecond(sockets, Date.now());
    await expectAdminEventMissed(sockets);
  });

  it('deleting a user closes their sockets', async () => {
    await expectSocketsClosedBy(async ({ user }) => {
      expect((await admin.delete(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
    });
  });

  it('changing the password closes the other sessions’ sockets, not the current one’s', async () => {
    const { client, user, input } = await staffMember();
    const elsewhere = await signIn(input.email);
    const sockets = await onBoth(elsewhere, user.id);
    const current = await onBoth(client, user.id);
    const response = await client.post('/api/auth/password', {
      oldPassword: input.password,
      password: 'another-horse-battery',
    });
    expect(response.statusCode).toBe(200);
    const since = Date.now();
    await expectClosedWithinOneSecond(sockets, since);
    await expectAdminEventMissed(sockets);
    // The session that changed the password goes on, with its rights.
    const tag = crypto.randomUUID();
    a.ctx.realtime.publish('admin', { type: 'users.changed', data: { id: tag } });
    for (const live of current)
      await eventually(() =>
        live.messages.some((m) => m.channel === 'admin' && m.data?.id === tag),
      );
    expect(current.map((live) => live.isClosed())).toEqual([false, false]);
    current.forEach((live) => live.socket.close());
  });

  it('resetting the password through a recovery link closes every session’s sockets', async () => {
    const { client, user } = await staffMember();
    const sockets = await onBoth(client, user.id);
    const secret = crypto.randomBytes(24).toString('hex');
    await insertAuthToken(a.db, {
      userId: user.id,
      kind: 'recovery',
      tokenHash: digest(secret),
      expiresAt: new Date(a.clock.now().getTime() + 3_600_000),
    });
    const response = await new TestClient(a.app).put('/api/auth/recovery', {
      userId: user.id,
      secret,
      password: 'another-horse-battery',
    });
    expect(response.statusCode).toBe(200);
    const since = Date.now();
    await expectClosedWithinOneSecond(sockets, since);
    await expectAdminEventMissed(sockets);
  });

  it('a session ended by any statement at all (here plain SQL) closes its sockets', async () => {
    const revoked = await staffMember();
    const deleted = await staffMember();
    const revokedSockets = await onBoth(revoked.client, revoked.user.id);
    const deletedSockets = await onBoth(deleted.client, deleted.user.id);
    const since = Date.now();
    await a.pool.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [
      await sessionIdOf(revoked.client),
    ]);
    await a.pool.query('DELETE FROM sessions WHERE id = $1', [await sessionIdOf(deleted.client)]);
    await expectClosedWithinOneSecond([...revokedSockets, ...deletedSockets], since);
    await expectAdminEventMissed([...revokedSockets, ...deletedSockets]);
  });
});

describe('live sockets follow the user’s access', () => {
  it('removing the admin role takes the admin channel away at once, on both instances', async () => {
    await expectAdminChannelTakenBy(async (userId) => {
      expect((await admin.post(`/api/admin/users/${userId}/remove-admin`)).statusCode).toBe(200);
    });
  });

  it('deactivating an admin takes the admin channel away; their own channel stays', async () => {
    await expectAdminChannelTakenBy(async (userId) => {
      expect((await admin.post(`/api/admin/users/${userId}/deactivate`)).statusCode).toBe(200);
    });
  });

  it('a role change made by plain SQL is heard too', async () => {
    await expectAdminChannelTakenBy(async (userId) => {
      await a.pool.query('UPDATE users SET is_admin = false WHERE id = $1', [userId]);
    });
  });

  it('an admin event committed right behind the role change never reaches the ex-admin', async () => {
    const { client, user } = await staffMember();
    const sockets = await onBoth(client, user.id);
    const tag = crypto.randomUUID();
    const event = { channel: 'admin', event: { type: 'users.changed', data: { id: tag } } };
    // The notice and the event arrive back to back, before any re-check could reach the database.
    const connection = await a.pool.connect();
    try {
      await connection.query('BEGIN');
      await connection.query('UPDATE users SET is_admin = false WHERE id = $1', [user.id]);
      await connection.query("SELECT pg_notify('realtime_events', $1)", [JSON.stringify(event)]);
      await connection.query('COMMIT');
    } finally {
      connection.release();
    }
    await eventually(() => observer.messages.some((m) => m.data?.id === tag));
    await expectAdminChannelLostWithinOneSecond(sockets, user.id, Date.now());
    for (const live of sockets) expect(live.messages.filter((m) => m.data?.id === tag)).toEqual([]);
    sockets.forEach((live) => live.socket.close());
  });

  it('making an active user with two-factor an admin gives their open sockets the admin channel', async () => {
    const { client, user } = await registerUser(a.app);
    expect((await admin.post(`/api/admin/users/${user.id}/activate`)).statusCode).toBe(200);
    await enableTwoFactorInDb(a.db, a.ctx.secretsKey, user.id);
    const sockets = [
      await open(urlA, client, [`user:${user.id}`, 'public']),
      await open(urlB, client, [`user:${user.id}`, 'public']),
    ];
    const made = await approvedBySecondAdmin(
      a,
      await admin.post(`/api/admin/users/${user.id}/make-admin`),
    );
    expect(made.statusCode, made.body).toBe(200);
    for (const live of sockets)
      await eventually(() => channelsOf(live)?.includes('admin') === true);
    const tag = crypto.randomUUID();
    a.ctx.realtime.publish('admin', { type: 'users.changed', data: { id: tag } });
    for (const live of sockets)
      await eventually(() =>
        live.messages.some((m) => m.channel === 'admin' && m.data?.id === tag),
      );
    sockets.forEach((live) => live.socket.close());
  });
});

/** A stand-in socket handed to the hub directly, recording how it was closed. */
function fakeSocket() {
  const closes: { code: number; reason: string }[] = [];
  const socket = {
    readyState: 1,
    OPEN: 1,
    send: () => {},
    close: (code: number, reason: string) => closes.push({ code, reason }),
  };
  return { socket: socket as never, closes };
}

describe('a socket whose upgrade raced the change', () => {
  it('registering just after its session’s end was announced closes it at once', async () => {
    const { client, user } = await registerUser(a.app);
    const sessionId = await sessionIdOf(client);
    const channels = new Set([`user:${user.id}`, 'public']);
    const first = fakeSocket();
    a.hub.add({ socket: first.socket, channels, sessionId, userId: user.id });
    await a.pool.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sessionId]);
    await eventually(() => first.closes.length > 0);
    // The upgrade had read the session before the revocation and registers only now.
    const late = fakeSocket();
    a.hub.add({ socket: late.socket, channels, sessionId, userId: user.id });
    expect(late.closes).toEqual([{ code: 1008, reason: 'Session ended' }]);
  });
});

describe('live socket limits', () => {
  it('a sixth socket of one session closes the oldest; other sessions are not counted', async () => {
    const { client, user, input } = await registerUser(a.app);
    const channels = [`user:${user.id}`, 'public'];
    const otherSession = await open(urlA, await signIn(input.email), channels);
    const sockets: Live[] = [];
    for (let n = 0; n < 6; n += 1) sockets.push(await open(urlA, client, channels));
    const [oldest, ...rest] = sockets;
    const closed = await oldest?.closed;
    expect(closed).toMatchObject({ code: 1008, reason: 'Too many connections' });
    // The five newest and the other session's socket still hear the user's events.
    const tag = crypto.randomUUID();
    a.ctx.realtime.publish(`user:${user.id}`, {
      type: 'transactions.changed',
      data: { transactionId: tag },
    });
    for (const live of [...rest, otherSession])
      await eventually(() =>
        live.messages.some(
          (m) => m.type === 'transactions.changed' && m.data?.transactionId === tag,
        ),
      );
    expect([...rest, otherSession].map((live) => live.isClosed())).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    [...rest, otherSession].forEach((live) => live.socket.close());
  });

  it('the periodic re-check closes a socket whose session went idle, and keeps a live one', async () => {
    const idle = await registerUser(a.app);
    const active = await registerUser(a.app);
    const idleSocket = await open(urlA, idle.client, [`user:${idle.user.id}`, 'public']);
    const activeSocket = await open(urlA, active.client, [`user:${active.user.id}`, 'public']);
    const idleMs = a.config.sessionIdleMinutes * 60_000;
    a.clock.advance(idleMs - 60_000);
    try {
      // A request refreshes the active session's last-seen time; the idle one has none.
      expect((await active.client.get('/api/auth/me')).statusCode).toBe(200);
      a.clock.advance(120_000);
      await a.hub.revalidate();
      const closed = await idleSocket.closed;
      expect(closed).toMatchObject({ code: 1008, reason: 'Session ended' });
      expect(activeSocket.isClosed()).toBe(false);
    } finally {
      a.clock.advance(-(idleMs + 60_000));
    }
    activeSocket.socket.close();
  });
});
