/**
 * The windows a strategy's past return is shown over, on every screen: the landing's best
 * strategy, the /plans cards, the strategy directory, a strategy's page and its NAV chart.
 *
 * One definition (computed on the server, copy-trading/domain/window-returns.ts): the return over
 * a window of N days is the latest NAV ÷ the NAV of the last point at or before now − N days, − 1.
 * A window is available when the strategy's history reaches back to its start (it has a NAV point
 * at or before now − N days); a younger record has no return for it — null, "not enough history
 * yet" — never the return of its shorter life. "all" runs from the first NAV point.
 */
export const RETURN_WINDOWS = ['7d', '30d', '90d', '1y', 'all'] as const;
export type ReturnWindow = (typeof RETURN_WINDOWS)[number];

/** Each window's length in days ("all": the whole record). */
export const RETURN_WINDOW_DAYS: Record<Exclude<ReturnWindow, 'all'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

/**
 * The window a screen shows first: the cards' 30-day return, the directory's default and the
 * window a strategy's page opens on. A fresh install's demo history covers it: the demo seed
 * replays MARKET_BACKFILL_DAYS (30 by default) from the hour at or before that many days ago.
 */
export const DEFAULT_RETURN_WINDOW = '30d' satisfies ReturnWindow;

/** The instant a window starts, `days` before `now` (null for "all": the record's first point). */
export function returnWindowStart(window: ReturnWindow, now: number): number | null {
  return window === 'all' ? null : now - RETURN_WINDOW_DAYS[window] * 86_400_000;
}
