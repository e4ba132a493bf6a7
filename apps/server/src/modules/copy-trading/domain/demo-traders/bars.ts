import { Dec, type Candle, type InstrumentSymbol } from '../../../market/domain';
import type { Bar } from '../../../market';

export type { Bar };

/** Bars per instrument, oldest first, each ending at or before the decision time. */
export type BarHistory = ReadonlyMap<InstrumentSymbol, readonly Bar[]>;

const MINUTE_MS = 60_000;

/**
 * Bar closes of `barMs` from 1-minute candles (oldest first): a bar's close is the close of its
 * last candle. Only bars that have ended by `now` are returned.
 */
export function barCloses(candles: readonly Candle[], barMs: number, now: number): Bar[] {
  const bars: Bar[] = [];
  for (const candle of candles) {
    if (candle.openTime + MINUTE_MS > now) break;
    const end = (Math.floor(candle.openTime / barMs) + 1) * barMs;
    if (end > now) break;
    const last = bars.at(-1);
    if (last && last.at === end) bars[bars.length - 1] = { at: end, close: candle.close };
    else bars.push({ at: end, close: candle.close });
  }
  return bars;
}

const parsed = new WeakMap<Bar, Dec>();

/**
 * A bar's close as a decimal, parsed once per bar: a replay shows the traders the same bars at
 * every step of their look-back (24 times each), and parsing was most of its time.
 */
export function closeOf(bar: Bar): Dec {
  let close = parsed.get(bar);
  if (!close) {
    close = new Dec(bar.close);
    parsed.set(bar, close);
  }
  return close;
}

/** The last `count` closes as decimals, or null when there are fewer. */
export function lastCloses(bars: readonly Bar[] | undefined, count: number): Dec[] | null {
  if (!bars || bars.length < count) return null;
  return bars.slice(bars.length - count).map(closeOf);
}

export function mean(values: readonly Dec[]): Dec {
  return values.reduce((sum, v) => sum.plus(v), new Dec(0)).div(values.length);
}

/**
 * (last − mean) / population standard deviation; 0 when the values do not vary. Computed from
 * the exact sums S = Σx and Q = Σx² as (n·last − S) / √(n·Q − S²), the same quotient with the
 * n's cancelled: prices have few decimals, so only the square root rounds (the replay makes
 * tens of thousands of these at first start).
 */
export function zScore(values: readonly Dec[]): Dec {
  const last = values.at(-1);
  if (!last) return new Dec(0);
  let sum = new Dec(0);
  let squares = new Dec(0);
  for (const v of values) {
    sum = sum.plus(v);
    squares = squares.plus(v.times(v));
  }
  const spread = squares.times(values.length).minus(sum.times(sum));
  if (spread.lte(0)) return new Dec(0);
  return last.times(values.length).minus(sum).div(spread.sqrt());
}
