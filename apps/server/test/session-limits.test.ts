import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '@app/shared/http';
import { createTestApp, registerUser, TestClient, type TestApp } from './harness';

/**
 * Per-user caps (issue 38, finding 8a): a user could hold 300 sessions and 1,000 sockets. At
 * MAX_SESSIONS_PER_USER a new sign-in ends the user's oldest session, in the transaction that
 * starts the new one; at MAX_SOCKETS_PER_USER a new socket closes the user's oldest.
 */

const SOCKETS_PER_USER = 3;
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ maxSocketsPerUser: SOCKETS_PER_USER });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function signIn(email: string, password: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/auth/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return client;
}

/** The user's sessions as the database holds them, oldest first. */
async function sessionsOf(userId: string) {
  const { rows } = await t.pool.query<{ id: string; revoked: boolean }>(
    `SELECT id, revoked_at IS NOT NULL AS revoked FROM sessions
     WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

interface Live {
  socket: WebSocket;
  hello: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  isClosed: () => boolean;
}

function connect(client: TestClient): Live {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + '/realtime', {
    headers: { cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE) ?? ''}` },
  });
  let closedFlag = false;
  const hello = new Promise<void>((resolve) =>
    socket.on('message', (raw: Buffer) => {
      if ((JSON.parse(raw.toString()) as { type?: string }).type === 'hello') resolve();
    }),
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      closedFlag = true;
      resolve({ code, reason: reason.toString() });
    }),
  );
  return { socket, hello, closed, isClosed: () => closedFlag };
}

describe('sessions per user', () => {
  it('a sign-in at the cap ends the oldest session: its cookie stops working and its socket closes', async () => {
    const max = t.config.maxSessionsPerUser;
    const { client: first, user, input } = await registerUser(t.app);
    const firstSocket = connect(first);
    await firstSocket.hello;
    const clients = [first];
    for (let n = 1; n < max; n += 1) {
      t.clock.advance(1000);
      clients.push(await signIn(input.email, input.password));
    }
    expect((await sessionsOf(user.id)).filter((s) => !s.revoked)).toHaveLength(max);

    t.clock.advance(1000);
    clients.push(await signIn(input.email, input.password));
    const sessions = await sessionsOf(user.id);
    expect(sessions.map((s) => s.revoked)).toEqual([true, ...Array<boolean>(max).fill(false)]);
    expect(await firstSocket.closed).toEqual({ code: 1008, reason: 'Session ended' });
    await vi.waitFor(async () => expect((await first.get('/api/auth/me')).statusCode).toBe(401));
    // The second oldest and the newest still work.
    expect((await clients[1]!.get('/api/auth/me')).statusCode).toBe(200);
    expect((await clients.at(-1)!.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('100 sign-ins at once leave at most the cap of live sessions, and the oldest is ended', async () => {
    const max = t.config.maxSessionsPerUser;
    const { user, input } = await registerUser(t.app);
    const [registered] = await sessionsOf(user.id);
    t.clock.advance(1000);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => signIn(input.email, input.password)),
    );
    expect(results).toHaveLength(100);
    const sessions = await sessionsOf(user.id);
    expect(sessions).toHaveLength(101);
    expect(sessions.filter((s) => !s.revoked)).toHaveLength(max);
    expect(sessions.find((s) => s.id === registered?.id)?.revoked).toBe(true);
  });
});

describe('sockets per user', () => {
  it('a socket over the cap closes the user’s oldest, whichever session it belongs to', async () => {
    const { client, input } = await registerUser(t.app);
    const other = await signIn(input.email, input.password);
    const stranger = await registerUser(t.app);
    const strangers = Array.from({ length: SOCKETS_PER_USER }, () => connect(stranger.client));
    const sockets: Live[] = [];
    for (const owner of [client, other, client, other]) {
      const live = connect(owner);
      await live.hello;
      sockets.push(live);
    }
    const [oldest, ...rest] = sockets;
    expect(await oldest?.closed).toEqual({ code: 1008, reason: 'Too many connections' });
    await Promise.all(strangers.map((live) => live.hello));
    // The user's newest sockets and another user's (as many as the cap) stay open.
    expect([...rest, ...strangers].map((live) => live.isClosed())).toEqual(
      Array<boolean>(rest.length + strangers.length).fill(false),
    );
    [...rest, ...strangers].forEach((live) => live.socket.close());
  });
});
