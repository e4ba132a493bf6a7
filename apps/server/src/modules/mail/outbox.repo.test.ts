import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedEnds } from './outbox.repo';

describe('sharedEnds (a batch of e-mails sends its common start and end once)', () => {
  it('gives the start and end every body shares, and each body is start + middle + end', () => {
    const bodies = ['<p>Hello Ana,</p><a>Go</a>', '<p>Hello Bo,</p><a>Go</a>'];
    const ends = sharedEnds(bodies);
    expect([ends.start, ends.end, ...bodies.map(ends.middle)]).toEqual([
      '<p>Hello ',
      ',</p><a>Go</a>',
      'Ana',
      'Bo',
    ]);
  });

  it('never counts a character twice, nor splits a surrogate pair', () => {
    const same = sharedEnds(['abab', 'abab']);
    expect([same.start, same.end, same.middle('abab')]).toEqual(['abab', '', '']);
    // "x😀" and "x😁" share the high surrogate of their emoji: it stays with the middle.
    const emoji = sharedEnds(['x😀y', 'x😁y']);
    expect([emoji.start, emoji.end, emoji.middle('x😀y')]).toEqual(['x', 'y', '😀']);
    const low = sharedEnds(['😀z', '🙀z']);
    expect([low.start, low.end]).toEqual(['', 'z']);
  });

  it('rebuilds every body exactly from whole characters, whatever the batch', () => {
    // Few characters, so bodies share starts and ends; two emoji share a high surrogate.
    const body = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '😀', '😁'), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(body, { minLength: 1 }), (bodies) => {
        const ends = sharedEnds(bodies);
        for (const one of bodies) {
          expect(`${ends.start}${ends.middle(one)}${ends.end}`).toBe(one);
          // encodeURIComponent throws on a lone surrogate.
          expect(() => encodeURIComponent(ends.middle(one))).not.toThrow();
        }
        expect(() => encodeURIComponent(ends.start + ends.end)).not.toThrow();
      }),
    );
  });
});
