/**
 * The statement control's rules, pure (the server checks them again and has the last word):
 * dates are whole UTC days as YYYY-MM-DD, like the statement itself.
 */
export const STATEMENT_MAX_DAYS = 5 * 366;
const DAY_MS = 86_400_000;

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Today's UTC day. */
export function todayUtc(now: Date): string {
  return iso(now);
}

/** The whole previous calendar month (UTC): the statement most people want. */
export function lastMonthRange(now: Date): { from: string; to: string } {
  const firstOfThisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfThisMonth - DAY_MS);
  const firstOfPrevious = new Date(
    Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1),
  );
  return { from: iso(firstOfPrevious), to: iso(lastOfPrevious) };
}

export type RangeError =
  | { field: 'from' | 'to'; key: 'required' | 'future' }
  | { field: 'to'; key: 'reversed' | 'tooLong' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first problem with a range, or null when it may be asked for. */
export function checkStatementRange(from: string, to: string, today: string): RangeError | null {
  if (!DATE.test(from)) return { field: 'from', key: 'required' };
  if (!DATE.test(to)) return { field: 'to', key: 'required' };
  if (from > today) return { field: 'from', key: 'future' };
  if (to > today) return { field: 'to', key: 'future' };
  if (to < from) return { field: 'to', key: 'reversed' };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > STATEMENT_MAX_DAYS) return { field: 'to', key: 'tooLong' };
  return null;
}
