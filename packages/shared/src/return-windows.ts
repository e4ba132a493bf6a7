/**
 * The windows a strategy's past return is shown over, on every screen: the landing's best
 * strategy, the /plans cards, the strategy directory, a strategy's page and its NAV chart.
 *
 * One definition (computed on the server, copy-trading/domain/window-returns.ts): the return over
 * a window of N days is the latest NAV ÷ the NAV at the close of the last hour (7 and 30 days) or
 * UTC day (90 days, a year) that ended by now − N days, − 1: the resolution the NAV history keeps
 * at that age (hourly for 31 days, daily before), so the figure is the same before and after the
 * history is compacted. A window is available when the strategy's history reaches back to its
 * start (it has a NAV point before that hour or day); a younger record has no return for it —
 * null, "not enough history yet" — never the return of its shorter life. "all" runs from the
 * first NAV point.
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
 * replays MARKET_BACKFILL_DAYS (30 by default) from that many days ago, its first NAV dated the
 * last minute of the hour before.
 */
export const DEFAULT_RETURN_WINDOW = '30d' satisfies ReturnWindow;

/** The instant a window starts, `days` before `now` (null for "all": the record's first point). */
export function returnWindowStart(window: ReturnWindow, now: number): number | null {
  return window === 'all' ? null : now - RETURN_WINDOW_DAYS[window] * 86_400_000;
}

/** The period whose close a window starts at: hours for the windows within the hourly history. */
export const RETURN_WINDOW_START_UNIT: Record<Exclude<ReturnWindow, 'all'>, 'hour' | 'day'> = {
  '7d': 'hour',
  '30d': 'hour',
  '90d': 'day',
  '1y': 'day',
};

const UNIT_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/**
 * The instant a window's start NAV is read before: the start of the hour (or UTC day) holding
 * now − N days. The window starts at the last NAV point before it — the close of the last whole
 * period that ended by then (null for "all": the record's first point).
 */
export function returnWindowBoundary(window: ReturnWindow, now: number): number | null {
  const start = returnWindowStart(window, now);
  if (window === 'all' || start === null) return null;
  const unit = UNIT_MS[RETURN_WINDOW_START_UNIT[window]];
  return Math.floor(start / unit) * unit;
}
