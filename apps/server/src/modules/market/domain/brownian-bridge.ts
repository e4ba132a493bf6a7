import { normalAt } from './prng';

/**
 * A standard Brownian motion W on the integer grid [0, 2^32] (one step per second since the Unix
 * epoch, so the grid lasts until 2106), built top-down by midpoint displacement (Lévy's
 * Brownian-bridge construction): W(0) = 0, W(2^32) ~ N(0, 2^32), and the midpoint of every dyadic
 * interval [a, b] is (W(a) + W(b)) / 2 + N(0, (b - a) / 4).
 *
 * Each midpoint's normal is looked up by (seed, stream, level, index), so W at any second is a
 * fixed number: evaluating one point or a million, in any order, gives the same values. One point
 * costs 32 lookups; a dense sorted batch shares the upper levels and costs about two per point.
 */

export const GRID_LEVELS = 32;
export const GRID_SPAN = 2 ** GRID_LEVELS;

/**
 * W at each point of `points` (integers in [0, 2^32], sorted ascending, duplicates allowed),
 * returned in the same order.
 */
export function brownianAt(seed: number, stream: number, points: ArrayLike<number>): Float64Array {
  const out = new Float64Array(points.length);
  if (points.length === 0) return out;
  for (let i = 1; i < points.length; i++) {
    if ((points[i] as number) < (points[i - 1] as number)) {
      throw new RangeError('brownianAt needs points sorted ascending');
    }
  }
  const first = points[0] as number;
  const last = points[points.length - 1] as number;
  if (first < 0 || last > GRID_SPAN || !Number.isInteger(first) || !Number.isInteger(last)) {
    throw new RangeError('brownianAt points must be whole seconds within the grid');
  }
  const end = Math.sqrt(GRID_SPAN) * normalAt(seed, stream, 0, 0x7fffffff);
  fill(seed, stream, points, out, 0, points.length, 0, GRID_SPAN, 0, end, 0, 0);
  return out;
}

function fill(
  seed: number,
  stream: number,
  points: ArrayLike<number>,
  out: Float64Array,
  lo: number,
  hi: number,
  start: number,
  length: number,
  wStart: number,
  wEnd: number,
  level: number,
  index: number,
): void {
  // Points on this interval's endpoints already have their values.
  while (lo < hi && points[lo] === start) out[lo++] = wStart;
  while (hi > lo && points[hi - 1] === start + length) out[--hi] = wEnd;
  if (lo >= hi) return;

  const half = length / 2;
  const mid = start + half;
  const wMid =
    (wStart + wEnd) / 2 + (Math.sqrt(length) / 2) * normalAt(seed, stream, level + 1, index);

  // First point after mid (binary search: the upper levels see every point of a dense batch).
  let split = lo;
  let top = hi;
  while (split < top) {
    const probe = (split + top) >>> 1;
    if ((points[probe] as number) <= mid) split = probe + 1;
    else top = probe;
  }
  fill(seed, stream, points, out, lo, split, start, half, wStart, wMid, level + 1, index * 2);
  fill(seed, stream, points, out, split, hi, mid, half, wMid, wEnd, level + 1, index * 2 + 1);
}
