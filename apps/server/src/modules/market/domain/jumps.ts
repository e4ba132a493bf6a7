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

/**
 * The jump part of the log price at each point (sorted ascending): every jump moves the price at
 * once, and its effect then fades linearly to nothing over `fadeSeconds`, so jumps never pile up
 * into a drift away from the reference. A jump at second s weighs 1 − (p − s) / fade at p.
 */
export function fadingJumpOffsets(
  seed: number,
  stream: number,
  points: ArrayLike<number>,
  model: JumpModel,
  fadeSeconds: number,
): Float64Array {
  const out = new Float64Array(points.length);
  if (points.length === 0) return out;
  const first = points[0] as number;
  const last = points[points.length - 1] as number;
  const jumps: Jump[] = [];
  const lastDay = Math.floor(last / SECONDS_PER_DAY);
  for (let day = Math.floor((first - fadeSeconds) / SECONDS_PER_DAY); day <= lastDay; day++) {
    if (day < 0) continue;
    for (const jump of jumpsOfDay(seed, stream, day, model)) {
      if (jump.second > first - fadeSeconds && jump.second <= last) jumps.push(jump);
    }
  }
  // Two pointers over the sorted jumps: [lo, hi) are those in (point − fade, point].
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < points.length; i++) {
    const point = points[i] as number;
    while (hi < jumps.length && (jumps[hi] as Jump).second <= point) hi++;
    while (lo < hi && (jumps[lo] as Jump).second <= point - fadeSeconds) lo++;
    let sum = 0;
    for (let j = lo; j < hi; j++) {
      const jump = jumps[j] as Jump;
      sum += jump.logSize * (1 - (point - jump.second) / fadeSeconds);
    }
    out[i] = sum;
  }
  return out;
}
