import { describe, expect, it } from 'vitest';
import { packPayloads } from './publisher';

const event = (n: number, text = 'x') =>
  JSON.stringify({ channel: `user:${n}`, event: { type: 'trade.changed', data: { text } } });

describe('packPayloads', () => {
  it('packs events in order into JSON arrays of at most the limit in bytes', () => {
    const events = Array.from({ length: 200 }, (_, n) => event(n, n % 7 === 0 ? 'ünïcødé' : 'x'));
    const packs = packPayloads(events, 1_000);
    expect(packs.length).toBeGreaterThan(1);
    for (const pack of packs) expect(Buffer.byteLength(pack)).toBeLessThanOrEqual(1_000);
    // Every event once, in the order published.
    expect(packs.flatMap((pack) => JSON.parse(pack) as unknown[])).toEqual(
      events.map((one) => JSON.parse(one) as unknown),
    );
  });

  it('sends an event as large as the limit alone, and nothing for no events', () => {
    const large = event(1, 'y'.repeat(900));
    const packs = packPayloads([event(0), large, event(2)], Buffer.byteLength(large) + 2);
    expect(packs).toEqual([`[${event(0)}]`, `[${large}]`, `[${event(2)}]`]);
    expect(packPayloads([])).toEqual([]);
  });
});
