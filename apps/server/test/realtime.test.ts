import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '@app/shared/test/eventually';
import { createTestApp, registerUser, type TestApp } from './harness';

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { shareDatabaseWith: a });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

interface Received {
  messages: { type?: string; channel?: string; data?: unknown }[];
  closed: Promise<{ code: number }>;
  opened: Promise<void>;
  socket: WebSocket;
}

function connect(url: string, cookie?: string, origin?: string): Received {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + '/realtime', {
    headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  const messages: Received['messages'] = [];
  socket.on('message', (raw: Buffer) =>
    messages.push(JSON.parse(raw.toString()) as Received['messages'][number]),
  );
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code })),
  );
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  return { messages, closed, opened, socket };
}

describe('realtime', () => {
  it('closes an unauthenticated socket with 1008', async () => {
    const visitor = connect(urlA);
    expect((await visitor.closed).code).toBe(1008);
  });

  it('closes a socket from a foreign origin with 1008', async () => {
    const { client } = await registerUser(a.app);
    const foreign = connect(urlA, `sid=${client.cookies.get('sid')}`, 'https://evil.example');
    expect((await foreign.closed).code).toBe(1008);
  });

  it('an event published on instance A reaches a client of instance B, only on its own channel', async () => {
    const alice = await registerUser(a.app);
    const bob = await registerUser(a.app);
    const aliceOnB = connect(urlB, `sid=${alice.client.cookies.get('sid')}`);
    const bobOnB = connect(urlB, `sid=${bob.client.cookies.get('sid')}`);
    await Promise.all([aliceOnB.opened, bobOnB.opened]);
    await eventually(
      () =>
        aliceOnB.messages.some((m) => m.type === 'hello') &&
        bobOnB.messages.some((m) => m.type === 'hello'),
    );

    a.ctx.realtime.publish(`user:${alice.user.id}`, {
      type: 'transactions.changed',
      data: { transactionId: 'TNX-ABC123' },
    });
    await eventually(() => aliceOnB.messages.some((m) => m.type === 'transactions.changed'));
    expect(aliceOnB.messages.find((m) => m.type === 'transactions.changed')).toEqual({
      channel: `user:${alice.user.id}`,
      type: 'transactions.changed',
      data: { transactionId: 'TNX-ABC123' },
    });

    a.ctx.realtime.publish('public', { type: 'prices', data: { at: 1, quotes: [] } });
    await eventually(() => bobOnB.messages.some((m) => m.type === 'prices'));
    expect(bobOnB.messages.some((m) => m.type === 'transactions.changed')).toBe(false);
    aliceOnB.socket.close();
    bobOnB.socket.close();
  });

  it('events published in one turn go out as one batch, in order, each on its own channel', async () => {
    const alice = await registerUser(a.app);
    const aliceOnB = connect(urlB, `sid=${alice.client.cookies.get('sid')}`);
    await aliceOnB.opened;
    await eventually(() => aliceOnB.messages.some((m) => m.type === 'hello'));

    for (let n = 0; n < 1200; n += 1) {
      a.ctx.realtime.publish(n % 2 === 0 ? `user:${alice.user.id}` : 'admin', {
        type: 'users.changed',
        data: { id: String(n) },
      });
    }
    await eventually(
      () => aliceOnB.messages.filter((m) => m.type === 'users.changed').length >= 600,
    );
    const seen = aliceOnB.messages
      .filter((m) => m.type === 'users.changed')
      .map((m) => Number((m.data as { id: string }).id));
    // Only her own channel's 600 events (not the admin ones), in the order they were published,
    // across the 500-event statements.
    expect(seen).toEqual(Array.from({ length: 600 }, (_, i) => i * 2));
    aliceOnB.socket.close();
  });
});
