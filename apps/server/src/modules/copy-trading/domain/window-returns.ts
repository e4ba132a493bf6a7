/**
 * A window's return: the one definition behind every return shown over a period (the landing,
 * the /plans cards, the directory, a strategy's page and the line its NAV chart draws).
 *
 *   return over N days = latest NAV ÷ NAV of the last point before B − 1, where B is the start of
 *   the hour (7, 30 days) or UTC day (90 days, a year) holding now − N days
 *
 * The start is the close of the last whole hour or day that ended by now − N days: the resolution
 * the NAV history keeps at that age (domain/nav-history.ts), so compacting it never moves a
 * figure. A window is available when the history reaches back to its start, i.e. it has a NAV
 * point before B; otherwise its return is null ("not enough history yet"), never the return of a
 * shorter record. "all" runs from the first NAV point. Points after `now` are ignored. Exact
 * decimals; a return is rounded to 2 decimals only when written out.
 */
import {
  RETURN_WINDOWS,
  returnWindowBoundary,
  type ReturnWindow,
} from '@app/shared/return-windows';
import { Dec } from '../../market/domain';
import { pointAt, prepare, type NavPoint, type Point } from './metrics';
import { toPercentText } from './precision';

export interface WindowReturn {
  /** The point the return is measured from (the NAV in force at the window's start). */
  readonly start: Point;
  /** The latest point at or before now. */
  readonly end: Point;
  /** end ÷ start − 1, in %, 2 decimals. */
  readonly returnPct: string;
}

/** The return over `window` ending at `now`, or null when the history does not reach its start. */
export function windowReturn(
  series: readonly NavPoint[],
  now: number,
  window: ReturnWindow,
): WindowReturn | null {
  return measure(prepare(series, now), now, window);
}

function measure(points: readonly Point[], now: number, window: ReturnWindow): WindowReturn | null {
  const end = points.at(-1);
  const before = returnWindowBoundary(window, now);
  const start = before === null ? points[0] : pointAt(points, before - 1);
  if (!start || !end || start === end || start.nav.lte(0)) return null;
  return { start, end, returnPct: toPercentText(end.nav.div(start.nav).minus(1).times(100)) };
}

/** Every window's return (null where the history is too short), from one pass over the series. */
export function windowReturns(
  series: readonly NavPoint[],
  now: number,
): Record<ReturnWindow, WindowReturn | null> {
  const points = prepare(series, now);
  const result = {} as Record<ReturnWindow, WindowReturn | null>;
  for (const window of RETURN_WINDOWS) result[window] = measure(points, now, window);
  return result;
}

/** Each window's return in %, as the record, the directory and the cards publish it. */
export function returnPcts(
  returns: Record<ReturnWindow, WindowReturn | null>,
): Record<ReturnWindow, string | null> {
  const result = {} as Record<ReturnWindow, string | null>;
  for (const window of RETURN_WINDOWS) result[window] = returns[window]?.returnPct ?? null;
  return result;
}

/** Half the last place toPercentText keeps (2 decimals), in % of the start. */
const HALF_PLACE = new Dec('0.005');
/** How far inside its edges a band is drawn: the division measure() does keeps 50 digits. */
const INSIDE = new Dec('1e-30');

/**
 * The latest NAVs, exclusive, for which `returns` (measured with the latest point at a later time
 * than every other point) state the same texts: with the other points unchanged, each window
 * keeps its start (and a null stays null: it follows from the points' times, not the NAV), and
 * its text stays while end ÷ start − 1 stays strictly within half a place of it. Drawn a
 * relative 1e-30 inside, so a NAV at an edge is measured again, never taken for inside.
 * `above` null: no lower edge (every window null).
 */
export function sameReturnsBand(returns: Record<ReturnWindow, WindowReturn | null>): {
  above: Dec | null;
  below: Dec | null;
} {
  let above: Dec | null = null;
  let below: Dec | null = null;
  for (const window of RETURN_WINDOWS) {
    const measured = returns[window];
    if (!measured) continue;
    const edge = (half: Dec) =>
      measured.start.nav.times(half.plus(measured.returnPct).div(100).plus(1));
    const low = edge(HALF_PLACE.neg()).times(INSIDE.plus(1));
    const high = edge(HALF_PLACE).times(INSIDE.neg().plus(1));
    if (above === null || low.gt(above)) above = low;
    if (below === null || high.lt(below)) below = high;
  }
  return { above, below };
}

/**
 * The points of `series` that the window returns depend on: the first, the latest and, for each
 * window, the last point before the boundary given here. windowReturns over these few gives
 * exactly the figures it gives over the whole series (record.repo's windowPoints reads just these).
 */
export function windowBoundaries(now: number): number[] {
  return RETURN_WINDOWS.flatMap((window) => returnWindowBoundary(window, now) ?? []);
}
