import { describe, expect, it } from 'vitest';
import { hash4, mulberry32, normalAt, poissonFrom } from './prng';

describe('mulberry32', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((u) => u >= 0 && u < 1)).toBe(true);
  });

  it('gives a different sequence for a different seed', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });
});

describe('hash4', () => {
  it('changes when any one word changes', () => {
    const base = hash4(1, 2, 3, 4);
    expect(
      new Set([base, hash4(0, 2, 3, 4), hash4(1, 0, 3, 4), hash4(1, 2, 0, 4), hash4(1, 2, 3, 0)])
        .size,
    ).toBe(5);
  });
});

describe('normalAt', () => {
  it('looks like a standard normal over 100,000 keys', () => {
    let sum = 0;
    let squares = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const z = normalAt(7, 11, 13, i);
      sum += z;
      squares += z * z;
    }
    const mean = sum / n;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(squares / n - mean * mean - 1)).toBeLessThan(0.03);
  });
});

describe('poissonFrom', () => {
  it('averages close to its mean', () => {
    const random = mulberry32(3);
    let total = 0;
    for (let i = 0; i < 20_000; i++) total += poissonFrom(random, 0.4);
    expect(Math.abs(total / 20_000 - 0.4)).toBeLessThan(0.02);
  });
});
