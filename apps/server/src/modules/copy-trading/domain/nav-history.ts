/**
 * The NAV history at decreasing resolution (issue 43): what each age of history keeps, chosen from
 * what the figures read (docs/strategy-record.md):
 *  - every minute's point for the last two days (the latest NAV, a 24-hour chart, yesterday's
 *    ticks when a stop-loss is questioned);
 *  - each hour's last NAV for the last 31 whole days (the card's 30-day drawdown and daily
 *    returns read hourly NAVs over 31 days; the 7- and 30-day returns start at an hour's close;
 *    the strategy page's 7-day chart is hourly);
 *  - before that, each UTC day's last NAV (the 90-day and 1-year returns, the volatility over
 *    daily closes, the monthly table, the year chart), with the day's lowest and highest hourly NAV
 *    and the peak and trough of its deepest fall, so the drawdown over hourly NAVs is unchanged.
 * The compaction itself is one SQL function (migration 0058, `nav_snapshots_kept`).
 */
import { DAY_MS, HOUR_MS } from '../../market/domain';

/** Minute points are kept this long (to the start of the hour this long ago). */
export const MINUTE_HISTORY_MS = 2 * DAY_MS;
/** Hourly closes are kept for this many whole UTC days before the day holding now − 31 days. */
export const HOURLY_HISTORY_DAYS = 31;

const floorTo = (at: number, unit: number) => Math.floor(at / unit) * unit;

export interface CompactionBounds {
  /** Points before this (an hour boundary) keep only each hour's close... */
  readonly hoursBefore: number;
  /** ...and before this (a UTC day boundary) only what each day keeps. */
  readonly daysBefore: number;
}

/** The boundaries of the history kept at `now`. */
export function compactionBounds(now: number): CompactionBounds {
  return {
    hoursBefore: floorTo(now, HOUR_MS) - MINUTE_HISTORY_MS,
    daysBefore: floorTo(now - HOURLY_HISTORY_DAYS * DAY_MS, DAY_MS),
  };
}

/** The start of the UTC day holding `at`. */
export function startOfUtcDay(at: number): number {
  return floorTo(at, DAY_MS);
}
