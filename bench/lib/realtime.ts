import { WebSocket } from 'ws';

export interface FanoutResult {
  clients: number;
  events: number;
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Opens `count` WebSockets, `parallel` at a time; each gets its headers from `headersFor(i)`. */
export async function connectMany(
  url: string,
  count: number,
  headersFor: (i: number) => Record<string, string>,
  options: { parallel?: number; timeoutMs?: number } = {},
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  let next = 0;
  async function worker() {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      const socket = new WebSocket(url, { headers: headersFor(i), perMessageDeflate: false });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`ws ${i}: connect timeout`)), 30_000);
        socket.once('open', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        socket.once('close', (code) => {
          clearTimeout(timer);
          reject(new Error(`ws ${i}: closed ${code}`));
        });
      });
      socket.removeAllListeners('close');
      socket.on('error', () => {});
      sockets.push(socket);
    }
  }
  await Promise.all(Array.from({ length: options.parallel ?? 100 }, () => worker()));
  if (sockets.length < count) throw new Error(`only ${sockets.length}/${count} sockets connected`);
  return sockets;
}

export function closeAll(sockets: WebSocket[]): void {
  for (const socket of sockets) socket.terminate();
}

const MARK = /"bseq":(\d+),"bt":([\d.]+)/;

/**
 * Closed-loop fan-out: keeps `window` events in flight; an event is done when every socket has it
 * (or after 5 s). Bounded by `maxEvents` and `seconds`. Latency = receipt − send, per delivery, in
 * 1 ms buckets. `emit(payload)` publishes `{"bseq":n,"bt":t}` through the system under test.
 */
export async function measureFanout(
  sockets: WebSocket[],
  emit: (data: { bseq: number; bt: number }) => Promise<void> | void,
  options: { window: number; maxEvents: number; seconds: number },
): Promise<FanoutResult> {
  const histogram = new Uint32Array(10_001);
  const received = new Map<number, number>();
  let deliveries = 0;
  let sent = 0;
  let done = 0;
  let lastReceipt = performance.now();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const timers = new Map<number, NodeJS.Timeout>();

  const complete = (seq: number) => {
    if (!received.has(seq)) return;
    received.delete(seq);
    clearTimeout(timers.get(seq));
    timers.delete(seq);
    done += 1;
    pump();
  };
  const pump = () => {
    const now = performance.now();
    while (sent - done < options.window && sent < options.maxEvents && now < deadline) {
      const seq = sent++;
      received.set(seq, 0);
      timers.set(
        seq,
        setTimeout(() => complete(seq), 5000),
      );
      void Promise.resolve(emit({ bseq: seq, bt: performance.now() })).catch(() => {});
    }
    if (sent === done && (sent >= options.maxEvents || performance.now() >= deadline)) finish();
  };
  const onMessage = (raw: Buffer) => {
    const match = MARK.exec(raw.toString());
    if (!match) return;
    const seq = Number(match[1]);
    const latency = performance.now() - Number(match[2]);
    histogram[Math.min(10_000, Math.max(0, Math.round(latency)))]! += 1;
    deliveries += 1;
    lastReceipt = performance.now();
    const count = (received.get(seq) ?? -1) + 1;
    if (count === 0) return; // late (already timed out)
    received.set(seq, count);
    if (count >= sockets.length) complete(seq);
  };
  for (const socket of sockets) socket.on('message', onMessage);
  pump();
  const hardStop = setTimeout(finish, options.seconds * 1000 + 15_000);
  await finished;
  clearTimeout(hardStop);
  for (const timer of timers.values()) clearTimeout(timer);
  for (const socket of sockets) socket.off('message', onMessage);
  const seconds = (lastReceipt - started) / 1000;
  const quantile = (q: number) => {
    const target = Math.ceil(deliveries * q);
    let seen = 0;
    for (let ms = 0; ms < histogram.length; ms += 1) {
      seen += histogram[ms]!;
      if (seen >= target) return ms;
    }
    return 10_000;
  };
  return {
    clients: sockets.length,
    events: sent,
    deliveries,
    seconds,
    deliveriesPerSecond: deliveries / seconds,
    p50Ms: quantile(0.5),
    p99Ms: quantile(0.99),
  };
}
