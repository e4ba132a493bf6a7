import { describe, expect, it } from 'vitest';
import { createRealtimeConnection, type ConnectionStatus } from './connection';

/** A stand-in socket the test opens and closes by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.onclose?.({ code: 1000 });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness() {
  FakeSocket.instances = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const statuses: ConnectionStatus[] = [];
  const messages: unknown[] = [];
  let reconnected = 0;
  let refused = 0;
  const connection = createRealtimeConnection({
    url: 'ws://localhost/realtime',
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    onReconnected: () => (reconnected += 1),
    onRefused: () => (refused += 1),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  return {
    connection,
    timers,
    statuses,
    messages,
    reconnected: () => reconnected,
    refused: () => refused,
  };
}

describe('realtime connection', () => {
  it('reconnects on the seed schedule and refetches after reconnecting', () => {
    const h = harness();
    FakeSocket.instances[0]?.open();
    expect(h.statuses).toEqual(['connecting', 'open']);
    const delays: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      FakeSocket.instances[FakeSocket.instances.length - 1]?.drop();
      const retry = h.timers.filter((t) => t.ms !== 20_000).pop();
      delays.push(retry?.ms ?? -1);
      retry?.fn();
    }
    expect(delays.slice(0, 5)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(delays.slice(5, 15)).toEqual(Array(10).fill(5000));
    expect(delays[15]).toBe(10000);
    expect(h.statuses).toContain('reconnecting');
    FakeSocket.instances[FakeSocket.instances.length - 1]?.open();
    expect(h.reconnected()).toBe(1);
  });

  it('stops for good when the server closes with 1008', () => {
    const h = harness();
    FakeSocket.instances[0]?.drop(1008);
    expect(h.statuses[h.statuses.length - 1]).toBe('stopped');
    expect(h.timers).toHaveLength(0);
    // The session may have ended elsewhere: the app is told, to re-ask who is signed in.
    expect(h.refused()).toBe(1);
  });

  it('closing it ourselves stops without reporting a refusal', () => {
    const h = harness();
    FakeSocket.instances[0]?.open();
    h.connection.close();
    expect(h.statuses[h.statuses.length - 1]).toBe('stopped');
    expect(h.refused()).toBe(0);
  });

  it('comes back 1 s after the server closes with 1012 (service restart) and refetches', () => {
    const h = harness();
    FakeSocket.instances[0]?.open();
    FakeSocket.instances[0]?.drop(1012);
    expect(h.statuses[h.statuses.length - 1]).toBe('reconnecting');
    const retry = h.timers.filter((t) => t.ms !== 20_000).pop();
    expect(retry?.ms).toBe(1000);
    retry?.fn();
    FakeSocket.instances[1]?.open();
    expect(h.reconnected()).toBe(1);
  });

  it('pings every 20 seconds while open and passes messages on', () => {
    const h = harness();
    const socket = FakeSocket.instances[0];
    socket?.open();
    const ping = h.timers.find((t) => t.ms === 20_000);
    ping?.fn();
    expect(socket?.sent).toEqual(['{"type":"ping"}']);
    socket?.onmessage?.({ data: '{"type":"prices","channel":"public"}' });
    expect(h.messages).toEqual([{ type: 'prices', channel: 'public' }]);
  });
});
