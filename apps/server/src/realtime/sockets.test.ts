import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { announce, createSocketRegistry, type Client } from './sockets';

/** A socket that records what it was sent; `open` false: closing or closed. */
function client(userId: string, channels: string[], open = true) {
  const sent: string[] = [];
  const socket = {
    OPEN: 1,
    readyState: open ? 1 : 3,
    send: (message: string) => sent.push(message),
    close: () => undefined,
  } as unknown as WebSocket;
  const one: Client = {
    socket,
    channels: new Set(channels),
    sessionId: `session-${userId}`,
    userId,
    generation: 0,
    announced: announce(channels),
  };
  return { one, sent };
}

describe('the socket registry', () => {
  it('delivers an event to each open socket that hears its channel, as one message', () => {
    const sockets = createSocketRegistry(5);
    const [ana, anaTab, bo, closing] = [
      client('ana', ['user:ana', 'public']),
      client('ana', ['user:ana']),
      client('bo', ['user:bo', 'public']),
      client('cy', ['user:ana'], false),
    ];
    for (const { one } of [ana, anaTab, bo, closing]) sockets.add(one, 20);

    sockets.deliver('user:ana', { type: 'trade.changed', data: { tradeId: 't1' } });
    sockets.deliver('user:nobody', { type: 'account.changed' });
    sockets.deliver('public', { type: 'nav.changed' });

    const message = '{"channel":"user:ana","type":"trade.changed","data":{"tradeId":"t1"}}';
    const nav = '{"channel":"public","type":"nav.changed"}';
    expect([ana.sent, anaTab.sent, bo.sent, closing.sent]).toEqual([
      [message, nav],
      [message],
      [nav],
      [],
    ]);
  });
});
