import { z } from 'zod';
import { rule } from '../rules';

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_LANGUAGES = ['en', 'de', 'es'] as const;

/**
 * GET /api/statements/account: the signed-in user's own statement for whole UTC days `from` to
 * `to` (both included), as a CSV or PDF download, in `lang` (else the Accept-Language).
 */
export const statementQuerySchema = z.object({
  from: z.iso.date({ error: rule('DATE_PARAM', { name: 'from' }) }),
  to: z.iso.date({ error: rule('DATE_PARAM', { name: 'to' }) }),
  format: z.enum(STATEMENT_FORMATS, { error: rule('FORMAT_CSV_OR_PDF') }),
  lang: z.enum(STATEMENT_LANGUAGES, { error: rule('LANG_INVALID') }).optional(),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** GET /api/statements/trades: the signed-in user's closed trades, one row each (CSV). */
export const tradeHistoryQuerySchema = z.object({
  format: z.enum(['csv'], { error: rule('FORMAT_CSV') }),
});

/** GET /api/statements/annual: the signed-in user's year, month by month (CSV or PDF). */
export const annualSummaryQuerySchema = z.object({
  year: z.coerce
    .number({ error: rule('YEAR_INVALID') })
    .int(rule('YEAR_INVALID'))
    .min(2000, rule('YEAR_TOO_EARLY'))
    .max(2100, rule('YEAR_INVALID')),
  format: z.enum(STATEMENT_FORMATS, { error: rule('FORMAT_CSV_OR_PDF') }),
  lang: z.enum(STATEMENT_LANGUAGES, { error: rule('LANG_INVALID') }).optional(),
});
export type AnnualSummaryQuery = z.infer<typeof annualSummaryQuerySchema>;

/** GET /api/admin/exports/journal: every ledger posting booked on days `from` to `to` (UTC). */
export const journalExportQuerySchema = z.object({
  from: z.iso.date({ error: rule('DATE_PARAM', { name: 'from' }) }),
  to: z.iso.date({ error: rule('DATE_PARAM', { name: 'to' }) }),
});

/** GET /api/admin/exports/balances: every ledger account's balance at the end of day `at` (UTC). */
export const balancesExportQuerySchema = z.object({
  at: z.iso.date({ error: rule('DATE_PARAM', { name: 'at' }) }),
});
