/**
 * The date range of a statement or export, as the server enforces it and the web checks it first:
 * whole UTC days as YYYY-MM-DD, both included, from 1970, not after today, at most five years.
 * Pure (the caller passes `today`).
 */

/** At most five years in one statement (a longer history is several statements). */
export const MAX_RANGE_DAYS = 5 * 366;
const DAY_MS = 86_400_000;

export type RangeProblem =
  | { code: 'STATEMENT_RANGE_REVERSED'; field: 'to' }
  | { code: 'STATEMENT_RANGE_TOO_LONG'; field: 'to'; maxDays: number }
  | { code: 'STATEMENT_DATE_IN_FUTURE'; field: 'from' | 'to' }
  | { code: 'STATEMENT_DATE_INVALID'; field: 'from' | 'to' };

export interface StatementRange {
  /** YYYY-MM-DD, UTC days, both included. */
  from: string;
  to: string;
  /** The first instant of `from` and the first instant after `to` (half-open). */
  start: Date;
  end: Date;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a UTC day, or null when the text is not a real calendar date. */
export function dayStart(day: string): Date | null {
  const match = DATE.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real =
    date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real && y >= 1970 ? date : null;
}

/** `today` is the caller's current UTC day (YYYY-MM-DD). */
export function checkRange(
  from: string,
  to: string,
  today: string,
): { range: StatementRange } | { problem: RangeProblem } {
  const start = dayStart(from);
  if (!start) return { problem: { code: 'STATEMENT_DATE_INVALID', field: 'from' } };
  const last = dayStart(to);
  if (!last) return { problem: { code: 'STATEMENT_DATE_INVALID', field: 'to' } };
  const todayStart = dayStart(today);
  if (!todayStart) throw new Error(`today is not a date: ${today}`);
  if (start > todayStart) return { problem: { code: 'STATEMENT_DATE_IN_FUTURE', field: 'from' } };
  if (last > todayStart) return { problem: { code: 'STATEMENT_DATE_IN_FUTURE', field: 'to' } };
  if (last < start) return { problem: { code: 'STATEMENT_RANGE_REVERSED', field: 'to' } };
  const days = (last.getTime() - start.getTime()) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) {
    return { problem: { code: 'STATEMENT_RANGE_TOO_LONG', field: 'to', maxDays: MAX_RANGE_DAYS } };
  }
  return { range: { from, to, start, end: new Date(last.getTime() + DAY_MS) } };
}

/** YYYY-MM-DD of an instant, in UTC. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The whole previous calendar month (UTC): the statement most people want. */
export function lastMonthRange(now: Date): { from: string; to: string } {
  const firstOfThisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfThisMonth - DAY_MS);
  const firstOfPrevious = new Date(
    Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1),
  );
  return { from: utcDay(firstOfPrevious), to: utcDay(lastOfPrevious) };
}

/**
 * What an investor's statement dialog opens on, given when their account was opened: a period
 * that holds their movements rather than an empty previous month. The range runs from the first
 * day of the previous calendar month (UTC) — or from the day the account opened, if later — to
 * today, so it holds last month's and this month's movements, and a new account's all. The annual
 * summary is last year's, or this year's for an account opened this year (it had no movement in
 * the previous one).
 */
export function defaultStatementPeriod(
  now: Date,
  openedAt: Date,
): { from: string; to: string; year: number } {
  const today = utcDay(now);
  const previousMonthStart = lastMonthRange(now).from;
  const openedDay = utcDay(openedAt < now ? openedAt : now);
  const from = openedDay > previousMonthStart ? openedDay : previousMonthStart;
  const thisYear = now.getUTCFullYear();
  const year = openedAt.getUTCFullYear() >= thisYear ? thisYear : thisYear - 1;
  return { from, to: today, year };
}
