import { DAY_MS, Dec, type DecimalInput } from '../../market/domain';
import { toPercentText } from './precision';

export interface NavPoint {
  readonly at: number;
  readonly nav: DecimalInput;
}

/**
 * Past performance of a strategy over the `days` before `now`, for plan cards. All maths is exact
 * decimal; each figure is rounded to 2 decimals only at the end. A figure is null when the series
 * cannot support it (no points, or a single point). The card's return over the window is not here:
 * every screen takes it from the one definition of a window's return (window-returns.ts).
 */
export interface StrategyMetrics {
  /** The instant the drawdown is measured from (later than now − days for a young strategy). */
  readonly windowStart: number | null;
  /** Mean of the daily returns, in % (the plan card shows it labelled as past performance). */
  readonly avgDailyReturnPct: string | null;
  /**
   * Largest fall from a peak within the window, in % as a non-negative number ("12.50" = −12.5 %);
   * null before the NAV spans MIN_DRAWDOWN_HISTORY_MS.
   */
  readonly maxDrawdownPct: string | null;
  /** How many daily returns the average is over (≤ days). */
  readonly dailyReturnCount: number;
  readonly losingDays: number;
}

/** A NAV point with its value as an exact decimal. */
export interface Point {
  readonly at: number;
  readonly nav: Dec;
}

/** The points at or before `now`, oldest first, as exact decimals. */
export function prepare(series: readonly NavPoint[], now: number): Point[] {
  return series
    .filter((p) => p.at <= now)
    .map((p) => ({ at: p.at, nav: new Dec(p.nav) }))
    .sort((a, b) => a.at - b.at);
}

/**
 * How long the NAV must have been recorded before a drawdown is stated. Until then the figure is
 * null, which every screen shows as "not enough history yet": a strategy created a minute ago has
 * not "fallen 0.00 %", it has no record. One rule for the plan cards, the admin's list, the
 * directory and a strategy's page (`drawdowns` in strategy-record.ts).
 */
export const MIN_DRAWDOWN_HISTORY_MS = 60 * 60_000;

/** Whether `points` (oldest first) span enough time to state a drawdown. */
export function hasDrawdownHistory(points: readonly { at: number }[]): boolean {
  const first = points[0];
  const last = points.at(-1);
  return first !== undefined && last !== undefined && last.at - first.at >= MIN_DRAWDOWN_HISTORY_MS;
}

/** How many of `points` (oldest first) are at or before `at` (binary search). */
export function countAtOrBefore(points: readonly { at: number }[], at: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((points[mid] as { at: number }).at <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The last point at or before `at`; undefined before the series starts. */
export function pointAt(points: readonly Point[], at: number): Point | undefined {
  const count = countAtOrBefore(points, at);
  return count === 0 ? undefined : points[count - 1];
}

/**
 * Daily returns from daily closes, newest first: the close of day k is the NAV at now − k × 24 h,
 * and day k's return is close(k) / close(k + 1) − 1. Days before the series began are left out.
 */
export function dailyReturns(series: readonly NavPoint[], now: number, days = 30): Dec[] {
  return dailyReturnsOf(prepare(series, now), now, days);
}

/** dailyReturns over points already prepared (oldest first, exact; any after `now` unread). */
export function dailyReturnsOf(points: readonly Point[], now: number, days: number): Dec[] {
  const returns: Dec[] = [];
  for (let k = 0; k < days; k++) {
    const close = pointAt(points, now - k * DAY_MS);
    const previous = pointAt(points, now - (k + 1) * DAY_MS);
    if (!close || !previous || previous.nav.lte(0)) continue;
    returns.push(close.nav.div(previous.nav).minus(1));
  }
  return returns;
}

export function strategyMetrics(
  series: readonly NavPoint[],
  now: number,
  days = 30,
): StrategyMetrics {
  const points = prepare(series, now);
  const last = points.at(-1);
  const windowFrom = now - days * DAY_MS;
  const base = pointAt(points, windowFrom) ?? points[0];
  const returns = dailyReturnsOf(points, now, days);
  const empty: StrategyMetrics = {
    windowStart: null,
    avgDailyReturnPct: null,
    maxDrawdownPct: null,
    dailyReturnCount: 0,
    losingDays: 0,
  };
  if (!last || !base || base === last || base.nav.lte(0)) return empty;

  // From the base on (the points after it; the base falls 0 from itself). A NAV at or above the
  // peak falls 0, and one no lower than the lowest since the peak falls no deeper than it did, so
  // only a new low is divided out: the same maximum, exactly (the hourly figures job computes it
  // for every strategy each hour).
  let peak = base.nav;
  let trough: Dec | null = null;
  let maxDrawdown = new Dec(0);
  for (const { at, nav } of points) {
    if (at <= base.at) continue;
    if (nav.gt(peak)) {
      peak = nav;
      trough = null;
    } else if (nav.lt(peak) && (trough === null || nav.lt(trough))) {
      trough = nav;
      const drawdown = peak.minus(nav).div(peak);
      if (drawdown.gt(maxDrawdown)) maxDrawdown = drawdown;
    }
  }

  const mean =
    returns.length === 0
      ? null
      : returns.reduce((sum, r) => sum.plus(r), new Dec(0)).div(returns.length);
  return {
    windowStart: Math.max(base.at, windowFrom),
    avgDailyReturnPct: mean === null ? null : toPercentText(mean.times(100)),
    maxDrawdownPct: hasDrawdownHistory(points) ? toPercentText(maxDrawdown.times(100)) : null,
    dailyReturnCount: returns.length,
    losingDays: returns.filter((r) => r.lt(0)).length,
  };
}
