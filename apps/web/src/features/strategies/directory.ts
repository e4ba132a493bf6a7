import { RETURN_WINDOWS, type ReturnWindow } from '@app/shared/return-windows';
import type { DirectoryEntry } from '@app/shared/schemas/strategies';

/** The directory's windows: the same as every screen's (return-windows.ts). */
export const DIRECTORY_WINDOWS = RETURN_WINDOWS;
export type DirectoryWindow = ReturnWindow;
export const DIRECTORY_SORTS = ['return', 'drawdown', 'risk', 'copiers', 'aum', 'age'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** A decimal-text figure as a number, for ordering only (never for money); null stays null. */
function rank(text: string | null): number | null {
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * The directory's order: highest return, smallest fall, lowest risk, most copiers or money, or
 * longest record first. A strategy without the figure yet goes last, never first as if it were 0.
 */
export function sortDirectory(
  entries: readonly DirectoryEntry[],
  sort: DirectorySort,
  window: DirectoryWindow,
): DirectoryEntry[] {
  const key = (entry: DirectoryEntry): number | null => {
    switch (sort) {
      case 'return':
        return rank(entry.returns[window]);
      case 'drawdown':
        return rank(entry.recordMaxDrawdownPct);
      case 'risk':
        return entry.riskScore;
      case 'copiers':
        return entry.copiers;
      case 'aum':
        return entry.aumCents;
      case 'age':
        return Date.parse(entry.startedAt);
    }
  };
  // Ascending for falls, risk and start date (earliest = longest record); descending otherwise.
  const ascending = sort === 'drawdown' || sort === 'risk' || sort === 'age';
  return [...entries].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return ascending ? x - y : y - x;
  });
}
