import { z } from 'zod';
import { centsSchema, wholeNumber } from './common';
import { BOOKS } from './kinds';

/**
 * The practice account (issue 42): every verified user may copy strategies with virtual money
 * (a ledger book of its own, `practice`) through the same engine, NAVs and screens as real money.
 * Virtual money never becomes real: no entry spans the two books, and nothing that pays, withdraws
 * or counts publicly accepts the practice book.
 *
 * The API names the book where it cannot be known otherwise:
 * - reads of a user's own money take `?book=practice` (default `real`): GET /api/account/summary,
 *   GET /api/trades, GET /api/trades/history, GET /api/transactions;
 * - opening a copy takes `book: 'practice'` in the body of POST /api/trades (default `real`);
 * - everything done to an existing copy (add or remove funds, rules, claim, close) acts in the
 *   copy's own book, read from the copy; every copy and transaction the API returns carries `book`.
 */

export const bookSchema = z.enum(BOOKS);

/** `?book=` on a user's own reads: the real account unless the practice one is asked for. */
export const bookQuerySchema = z.object({ book: bookSchema.default('real') });
export type BookQuery = z.input<typeof bookQuerySchema>;

/** The practice account of the signed-in user, or why they cannot have one yet. */
export const practiceAccountSchema = z.object({
  /** The operator's switch (setting `practice_enabled`); off: every practice request is refused. */
  enabled: z.boolean(),
  /** What a practice account starts (and restarts) at now (setting `practice_starting_cents`). */
  startingCents: centsSchema,
  /** False until the user verified their e-mail: the one thing practice needs. */
  eligible: z.boolean(),
  /** Null until the user opened it (POST /api/practice/start). */
  account: z
    .object({
      openedAt: z.iso.datetime(),
      /** The balance it started at last (the setting's value then). */
      startingCents: centsSchema,
      resets: z.number().int(),
      lastResetAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type PracticeAccount = z.infer<typeof practiceAccountSchema>;

/** GET /api/practice, POST /api/practice/start (201 opened; 200 already open). */
export const practiceAccountResponseSchema = z.object({ practice: practiceAccountSchema });
export type PracticeAccountResponse = z.infer<typeof practiceAccountResponseSchema>;

/**
 * POST /api/practice/reset (Idempotency-Key): every open practice copy is closed at the current
 * NAV first, then the practice balance goes back to the starting balance.
 */
export const practiceResetResponseSchema = z.object({
  practice: practiceAccountSchema,
  /** How many practice copies the reset closed. */
  closedCopies: z.number().int(),
});
export type PracticeResetResponse = z.infer<typeof practiceResetResponseSchema>;

/** The operator's settings (GET/PUT /api/admin/settings/practice). */
export const PRACTICE_STARTING_CENTS = {
  min: 10_000,
  max: 100_000_000,
  default: 1_000_000,
} as const;
export const practiceSettingSchema = z.strictObject({
  practiceEnabled: z.boolean(),
  startingCents: wholeNumber(PRACTICE_STARTING_CENTS.min, PRACTICE_STARTING_CENTS.max),
});
export type PracticeSetting = z.infer<typeof practiceSettingSchema>;

/** The admin overview's practice activity, counted apart from every real figure. */
export const practiceActivitySchema = z.object({
  /** Users who opened a practice account. */
  accounts: z.number().int(),
  /** Of them, with at least one open practice copy. */
  practising: z.number().int(),
  openCopies: z.number().int(),
  /** Virtual money in open practice copies (their cost), never added to a real total. */
  investedCents: centsSchema,
});
export type PracticeActivity = z.infer<typeof practiceActivitySchema>;
