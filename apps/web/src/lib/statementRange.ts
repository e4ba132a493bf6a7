import {
  checkRange,
  defaultStatementPeriod,
  lastMonthRange,
  utcDay,
} from '@app/shared/statement-range';

/**
 * The statement control's rules: the server's own range rule (@app/shared/statement-range), run
 * before asking, with each refusal named by the field it belongs on and its text's key.
 */
export { defaultStatementPeriod, lastMonthRange };
export const todayUtc = utcDay;

export type RangeError =
  | { field: 'from' | 'to'; key: 'required' | 'future' }
  | { field: 'to'; key: 'reversed' | 'tooLong' };

const KEYS = {
  STATEMENT_DATE_INVALID: 'required',
  STATEMENT_DATE_IN_FUTURE: 'future',
  STATEMENT_RANGE_REVERSED: 'reversed',
  STATEMENT_RANGE_TOO_LONG: 'tooLong',
} as const;

/** The first problem with a range, or null when it may be asked for. */
export function checkStatementRange(from: string, to: string, today: string): RangeError | null {
  const checked = checkRange(from, to, today);
  if ('range' in checked) return null;
  return { field: checked.problem.field, key: KEYS[checked.problem.code] } as RangeError;
}
