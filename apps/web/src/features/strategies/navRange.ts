import type { NavPoint } from '@app/shared/schemas/strategies';

/** The NAV chart's ranges: the record's own windows (returns.7d … returns.all). */
export const NAV_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;
export type NavRange = (typeof NAV_RANGES)[number];

const DAY_MS = 86_400_000;
export const RANGE_DAYS: Record<Exclude<NavRange, 'all'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

/**
 * The points of `range` ending at `now`: those at or after its start, plus the last point before
 * it, so the line starts where the window's return is measured from.
 */
export function pointsInRange(
  points: readonly NavPoint[],
  range: NavRange,
  now: number,
): NavPoint[] {
  if (range === 'all') return [...points];
  const start = now - RANGE_DAYS[range] * DAY_MS;
  const first = points.findIndex((p) => Date.parse(p.at) >= start);
  if (first === -1) return points.length > 0 ? [points[points.length - 1]!] : [];
  return points.slice(Math.max(0, first - 1));
}
