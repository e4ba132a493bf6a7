import { z } from 'zod';
import { none } from './shapes';

/** Statements. */
export const STATEMENT_ERROR_PARAMS = {
  /** A statement date that is not a real calendar date (field `from`, `to` or `at`). */
  STATEMENT_DATE_INVALID: none,
  /** A statement date (or an annual summary's year) after today (UTC). */
  STATEMENT_DATE_IN_FUTURE: z.object({ unit: z.enum(['date', 'year']) }),
  /** A statement whose end date is before its start date (field `to`). */
  STATEMENT_RANGE_REVERSED: none,
  /** A statement over more than 5 years (field `to`). */
  STATEMENT_RANGE_TOO_LONG: none,
  /** Too many statements or exports are being prepared on this server right now (503). */
  STATEMENTS_BUSY: none,
} as const;
