import {
  DEFAULT_RETURN_WINDOW,
  RETURN_WINDOW_DAYS,
  RETURN_WINDOWS,
  type ReturnWindow,
} from '@app/shared/return-windows';
import type { NavPoint, StrategyRecord } from '@app/shared/schemas/strategies';

/** The NAV chart's ranges: the record's own windows (returns.7d … returns.all). */
export const NAV_RANGES = RETURN_WINDOWS;
export type NavRange = ReturnWindow;
export const RANGE_DAYS = RETURN_WINDOW_DAYS;

/**
 * The window a strategy's page opens on: the default (30 days, as on the cards and in the
 * directory) when the record reaches back that far; a younger record opens on its whole life.
 */
export function initialRange(returns: StrategyRecord['returns']): NavRange {
  if (returns[DEFAULT_RETURN_WINDOW] !== null) return DEFAULT_RETURN_WINDOW;
  return returns.all !== null ? 'all' : DEFAULT_RETURN_WINDOW;
}

const second = (at: string) => Math.floor(Date.parse(at) / 1000);

/**
 * The line of a window: from the point its return is measured from (`start`) to the latest NAV
 * (`end`), with the points of `points` between them — so the line's change is exactly the return
 * written beside it. Nothing for a window the record does not cover (no start): never a line
 * beside "not enough history yet". The chart plots by the second, so one point per second.
 */
export function windowLine(
  points: readonly NavPoint[],
  start: NavPoint | null,
  end: NavPoint | null,
): NavPoint[] {
  if (!start || !end || second(end.at) <= second(start.at)) return [];
  const from = second(start.at);
  const to = second(end.at);
  const between = points.filter((p) => second(p.at) > from && second(p.at) < to);
  return [start, ...between, end];
}
