import { none } from './shapes';

/** The practice account (issue 42): virtual money in a book of its own. */
export const PRACTICE_ERROR_PARAMS = {
  /** The operator switched practice off: every practice request is refused. */
  PRACTICE_OFF: none,
  /** Practice needs a verified e-mail address, and nothing else. */
  PRACTICE_EMAIL_UNVERIFIED: none,
  /** A practice copy (or reset) before the practice account was opened. */
  PRACTICE_NOT_STARTED: none,
} as const;
