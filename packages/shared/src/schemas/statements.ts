import { z } from 'zod';

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_LANGUAGES = ['en', 'de', 'es'] as const;

/**
 * GET /api/statements/account: the signed-in user's own statement for whole UTC days `from` to
 * `to` (both included), as a CSV or PDF download, in `lang` (else the Accept-Language).
 */
export const statementQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }),
  format: z.enum(STATEMENT_FORMATS, { error: 'format must be csv or pdf' }),
  lang: z.enum(STATEMENT_LANGUAGES, { error: 'lang must be en, de or es' }).optional(),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** GET /api/statements/trades: the signed-in user's closed trades, one row each (CSV). */
export const tradeHistoryQuerySchema = z.object({
  format: z.enum(['csv'], { error: 'format must be csv' }),
});

/** GET /api/statements/annual: the signed-in user's year, month by month (CSV or PDF). */
export const annualSummaryQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a year such as 2025' })
    .int('year must be a year such as 2025')
    .min(2000, 'year must be 2000 or later')
    .max(2100, 'year must be a year such as 2025'),
  format: z.enum(STATEMENT_FORMATS, { error: 'format must be csv or pdf' }),
  lang: z.enum(STATEMENT_LANGUAGES, { error: 'lang must be en, de or es' }).optional(),
});
export type AnnualSummaryQuery = z.infer<typeof annualSummaryQuerySchema>;

/** GET /api/admin/exports/journal: every ledger posting booked on days `from` to `to` (UTC). */
export const journalExportQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }),
});

/** GET /api/admin/exports/balances: every ledger account's balance at the end of day `at` (UTC). */
export const balancesExportQuerySchema = z.object({
  at: z.iso.date({ error: 'at must be a date (YYYY-MM-DD)' }),
});
