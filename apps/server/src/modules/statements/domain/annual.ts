import {
  STATEMENT_CATEGORIES,
  dayStart,
  utcDay,
  zeroTotals,
  type CategoryTotals,
} from './statement';
import { DAY_MS } from '../../market/domain';

/**
 * The annual summary, pure: a year cut into its calendar months (UTC), each a statement range,
 * and the checks that the months chain into the year (each opens where the last closed, and their
 * totals add up to the year's).
 */

export interface MonthRange {
  /** YYYY-MM */
  month: string;
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** The year's months up to today (the current month ends today); a future year is a problem. */
export function yearMonths(
  year: number,
  today: string,
): { months: MonthRange[] } | { problem: { code: 'STATEMENT_DATE_IN_FUTURE'; field: 'year' } } {
  const todayStart = dayStart(today);
  if (!todayStart) throw new Error(`today is not a date: ${today}`);
  if (year > todayStart.getUTCFullYear()) {
    return { problem: { code: 'STATEMENT_DATE_IN_FUTURE', field: 'year' } };
  }
  const months: MonthRange[] = [];
  for (let m = 0; m < 12; m += 1) {
    const start = new Date(Date.UTC(year, m, 1));
    if (start > todayStart) break;
    const monthEnd = new Date(Date.UTC(year, m + 1, 1));
    const end = monthEnd > todayStart ? new Date(todayStart.getTime() + DAY_MS) : monthEnd;
    months.push({
      month: utcDay(start).slice(0, 7),
      from: utcDay(start),
      to: utcDay(new Date(end.getTime() - DAY_MS)),
      start,
      end,
    });
  }
  return { months };
}

export interface PeriodFigures {
  opening: bigint;
  closing: bigint;
  byCategory: CategoryTotals;
}

/** The first way in which the months do not make up the year, or null when they do. */
export function chainProblem(months: PeriodFigures[], year: PeriodFigures): string | null {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return 'no months';
  if (first.opening !== year.opening) return 'the first month does not open the year';
  if (last.closing !== year.closing) return 'the last month does not close the year';
  for (let i = 1; i < months.length; i += 1) {
    if (months[i]?.opening !== months[i - 1]?.closing) return `month ${i + 1} opens elsewhere`;
  }
  const summed = zeroTotals();
  for (const month of months) {
    for (const category of STATEMENT_CATEGORIES) summed[category] += month.byCategory[category];
  }
  const off = STATEMENT_CATEGORIES.find((c) => summed[c] !== year.byCategory[c]);
  return off ? `the months' ${off} do not add up to the year's` : null;
}
