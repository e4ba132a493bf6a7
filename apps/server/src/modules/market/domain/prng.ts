/**
 * Small seeded random sources for the simulated market. No Math.random anywhere: the same seed
 * always gives the same market.
 */

const TWO_POW_32 = 4294967296;

/** mulberry32: a tiny sequential PRNG, uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  };
}

/** murmur3's finaliser: a bijective 32-bit avalanche. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mixWord(h: number, word: number): number {
  let k = Math.imul(word | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/**
 * Counter-based randomness: a hash of four 32-bit words. Random numbers looked up by
 * (seed, stream, level, index) instead of drawn in sequence are what make a price depend only
 * on its timestamp, never on which other timestamps were sampled before it.
 */
export function hash4(a: number, b: number, c: number, d: number): number {
  let h = mixWord(0x2545f491, a);
  h = mixWord(h, b);
  h = mixWord(h, c);
  h = mixWord(h, d);
  return fmix32(h ^ 16);
}

/** FNV-1a of a string: a stable stream id per instrument symbol. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Box–Muller: a standard normal from two uniforms, u1 in (0, 1], u2 in [0, 1). */
export function boxMuller(u1: number, u2: number): number {
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** A standard normal looked up by key (see hash4). */
export function normalAt(a: number, b: number, c: number, d: number): number {
  const h = hash4(a, b, c, d);
  const u1 = (h + 1) / TWO_POW_32;
  const u2 = fmix32(h ^ 0x68e31da4) / TWO_POW_32;
  return boxMuller(u1, u2);
}

/** A standard normal from a sequential source. */
export function normalFrom(random: () => number): number {
  return boxMuller(1 - random(), random());
}

/** Knuth's Poisson sampler; fine for the small means used here (≤ a few per day). */
export function poissonFrom(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count++;
    product *= random();
  }
  return count;
}
