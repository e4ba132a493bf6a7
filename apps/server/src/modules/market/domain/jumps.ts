import { hash4, mulberry32, normalFrom, poissonFrom } from './prng';

const SECONDS_PER_DAY = 86_400;
const JUMP_LEVEL_TAG = 0x4a554d50; // "JUMP": keeps jump randomness apart from the Brownian keys

export interface JumpModel {
  readonly jumpsPerDay: number;
  readonly jumpStdDev: number;
}

interface Jump {
  readonly second: number;
  readonly logSize: number;
}

/** The jumps of one UTC day, sorted by time; a pure function of (seed, stream, day). */
function jumpsOfDay(seed: number, stream: number, day: number, model: JumpModel): Jump[] {
  const random = mulberry32(hash4(seed, stream, JUMP_LEVEL_TAG, day));
  const count = poissonFrom(random, model.jumpsPerDay);
  const jumps: Jump[] = [];
  for (let i = 0; i < count; i++) {
    const second = day * SECONDS_PER_DAY + Math.floor(random() * SECONDS_PER_DAY);
    jumps.push({ second, logSize: model.jumpStdDev * normalFrom(random) });
  }
  return jumps.sort((a, b) => a.second - b.second);
}

/** Sum of the log sizes of jumps at seconds in (from, to]. */
function jumpSumBetween(
  seed: number,
  stream: number,
  from: number,
  to: number,
  model: JumpModel,
): number {
  let sum = 0;
  const lastDay = Math.floor(to / SECONDS_PER_DAY);
  for (let day = Math.floor(from / SECONDS_PER_DAY); day <= lastDay; day++) {
    for (const jump of jumpsOfDay(seed, stream, day, model)) {
      if (jump.second > from && jump.second <= to) sum += jump.logSize;
    }
  }
  return sum;
}

/**
 * The compound-Poisson part of the log price at each point (sorted ascending), measured from the
 * anchor second: jumps after the anchor add, jumps before it are taken back out.
 */
export function jumpLogOffsets(
  seed: number,
  stream: number,
  anchor: number,
  points: ArrayLike<number>,
  model: JumpModel,
): Float64Array {
  const out = new Float64Array(points.length);
  if (points.length === 0) return out;
  const first = points[0] as number;
  let running =
    first >= anchor
      ? jumpSumBetween(seed, stream, anchor, first, model)
      : -jumpSumBetween(seed, stream, first, anchor, model);
  out[0] = running;

  // Walk the jumps between the first and last point once, merged with the points.
  const last = points[points.length - 1] as number;
  let pending: Jump[] = [];
  for (
    let day = Math.floor(first / SECONDS_PER_DAY);
    day <= Math.floor(last / SECONDS_PER_DAY);
    day++
  ) {
    pending = pending.concat(
      jumpsOfDay(seed, stream, day, model).filter((j) => j.second > first && j.second <= last),
    );
  }
  let next = 0;
  for (let i = 1; i < points.length; i++) {
    const point = points[i] as number;
    while (next < pending.length && (pending[next] as Jump).second <= point) {
      running += (pending[next] as Jump).logSize;
      next++;
    }
    out[i] = running;
  }
  return out;
}
