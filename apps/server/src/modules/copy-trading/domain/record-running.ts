/**
 * The whole record's figures kept as running state (issue 43), so the hourly figures job reads
 * only the hourly NAVs written since its last run instead of the whole history, and states
 * exactly what the full computation (strategy-record.ts over the whole hourly series) states:
 *
 * - the maximum drawdown: the highest NAV so far and the deepest exact fall below it so far, the
 *   same comparisons `fallsFromPeak` makes, point by point, in the same order;
 * - the risk score's volatility (`dailyVolatility`) reads only each UTC day's close: the closes of
 *   the whole days folded so far (those of the last year) and the last point folded (the close so
 *   far of its day) stand for the whole series exactly, as a close is the last point at or before
 *   a day's end;
 * - when the record started: the first point folded.
 *
 * Compacting the history (nav-history.ts) keeps each day's close, its highest NAV and the peak and
 * trough of its deepest fall, so folding compacted points or the points they were compacted from
 * gives the same running state: the kept state is what a full computation states at the same
 * instant whichever it read.
 */
import { DAY_MS, Dec } from '../../market/domain';
import { hasDrawdownHistory, type Point } from './metrics';
import { startOfUtcDay } from './nav-history';
import { toPercentText } from './precision';
import { dailyVolatility, type DailyVolatility } from './strategy-record';

export interface RecordRunning {
  /** When the first point folded is; null: none yet. */
  readonly firstAt: number | null;
  /** The last point folded (the close so far of its UTC day); null: none yet. */
  readonly last: Point | null;
  /** The highest NAV folded; null: none yet. */
  readonly peak: Dec | null;
  /** The deepest exact fall below the highest NAV before it, as a ratio (0: none). */
  readonly deepest: Dec;
  /**
   * Each UTC day's close (its last point) for the days before `last`'s, oldest first, since
   * the volatility's window (see trimCloses).
   */
  readonly closes: readonly Point[];
}

export const NOTHING_FOLDED: RecordRunning = {
  firstAt: null,
  last: null,
  peak: null,
  deepest: new Dec(0),
  closes: [],
};

/** `running` with `points` folded in: the hourly NAVs after its last one, oldest first. */
export function foldPoints(running: RecordRunning, points: readonly Point[]): RecordRunning {
  let { firstAt, last, peak, deepest } = running;
  const closes = [...running.closes];
  // The lowest NAV since the peak in this run: one no lower falls no deeper (no division).
  let trough: Dec | null = null;
  for (const point of points) {
    if (last !== null && point.at <= last.at)
      throw new Error(`point at ${point.at} folded after ${last.at}`);
    if (last !== null && startOfUtcDay(point.at) !== startOfUtcDay(last.at)) closes.push(last);
    firstAt ??= point.at;
    // A new high, or at it, is a fall of 0: the deepest so far stays (fallsFromPeak's depths).
    if (peak === null || point.nav.gt(peak)) {
      peak = point.nav;
      trough = null;
    } else if (peak.gt(0) && point.nav.lt(peak) && (trough === null || point.nav.lt(trough))) {
      trough = point.nav;
      const depth = peak.minus(point.nav).div(peak);
      if (depth.gt(deepest)) deepest = depth;
    }
    last = point;
  }
  return { firstAt, last, peak, deepest, closes };
}

/** The record's maximum drawdown as maxDrawdownPct states it over the points folded. */
export function foldedMaxDrawdownPct(running: RecordRunning): string | null {
  const { firstAt, last } = running;
  if (firstAt === null || last === null || !hasDrawdownHistory([{ at: firstAt }, last]))
    return null;
  return toPercentText(running.deepest.times(100));
}

/** The volatility at `now` over the points folded: dailyVolatility over their daily closes. */
export function foldedVolatility(running: RecordRunning, now: number): DailyVolatility {
  const series = running.last === null ? running.closes : [...running.closes, running.last];
  return dailyVolatility(series, now);
}

/**
 * When the close of the UTC day before `day` (its last point folded) is; null: none. The
 * volatility stated on `day` is kept with it: a point of that day written after a run read it
 * (a tick committing as the day turned) changes it, and the volatility is computed again.
 */
export function foldedCloseBefore(running: RecordRunning, day: number): number | null {
  if (running.last !== null && running.last.at < day) return running.last.at;
  for (let i = running.closes.length - 1; i >= 0; i -= 1) {
    const close = running.closes[i] as Point;
    if (close.at < day) return close.at;
  }
  return null;
}

/** The whole UTC days the volatility reads before the day it is stated on. */
const VOLATILITY_DAYS = 365;

/**
 * `running` keeping only the closes a volatility stated on the UTC day `day` or later reads: the
 * closes from `day` − 365 days on, and the last one before (the close in force at that window's
 * start, when the record has days without a point).
 */
export function trimCloses(running: RecordRunning, day: number): RecordRunning {
  const from = day - VOLATILITY_DAYS * DAY_MS;
  const first = running.closes.findIndex((close) => close.at >= from);
  const keepFrom = first === -1 ? running.closes.length - 1 : Math.max(0, first - 1);
  if (keepFrom <= 0) return running;
  return { ...running, closes: running.closes.slice(keepFrom) };
}
