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
