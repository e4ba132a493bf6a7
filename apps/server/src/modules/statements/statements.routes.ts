import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  annualSummaryQuerySchema,
  statementQuerySchema,
  tradeHistoryQuerySchema,
} from '@app/shared/schemas/statements';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { requireUser } from '../session';
import { closedTradePages } from '../copy-trading';
import {
  annualFileName,
  statementFileName,
  tradeHistoryFileName,
  utcDay,
} from './domain/statement';
import { tradeHistoryCsv } from './trade-history.csv';
import { statementCsv } from './statement.csv';
import { statementPdf } from './statement.pdf';
import {
  STATEMENT_MESSAGES,
  statementLanguage,
  type StatementLanguage,
} from './statements.messages';
import { annualSummary, openStatement } from './statements.service';
import { annualCsv } from './annual.csv';
import { annualPdf } from './annual.pdf';
import { DOWNLOAD_TYPES, sendDownload } from '../../http/download';
import { type ZodRoutes } from '../../http/route-plugin';
import { signedInRoutes } from '../session';

const TRADE_HISTORY_PAGE_ROWS = 500;

/** What a statement route sends (the user's id goes with any failure it logs). */
type Download = Omit<Parameters<typeof sendDownload>[2], 'logContext'>;

/**
 * GET `path`: one of the signed-in user's own files, its query checked by `querystring`, answered
 * with the file types in `produces`; `download` makes it for the user from the query.
 */
function userDownloadRoute<Query extends z.ZodType>(
  app: ZodRoutes,
  path: string,
  schema: { querystring: Query; produces: string[]; file: string },
  download: (
    query: z.infer<Query>,
    user: UserRow,
    request: FastifyRequest,
  ) => Download | Promise<Download>,
): void {
  app.get(
    path,
    {
      schema: {
        tags: ['statements'],
        querystring: schema.querystring,
        produces: schema.produces,
        response: { 200: z.unknown().describe(`${schema.file}, as an attachment`) },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      // `schema.querystring` has parsed the query; the type provider only cannot see through the generic.
      const file = await download(request.query as z.infer<Query>, user, request);
      return sendDownload(request, reply, { ...file, logContext: { userId: user.id } });
    },
  );
}

/**
 * GET `path`: one of the signed-in user's own files as CSV or PDF, written in the query's `lang`
 * if asked, else in the browser's language (`download` makes it in that language).
 */
function csvOrPdfRoute<Query extends z.ZodType<{ lang?: StatementLanguage | undefined }>>(
  app: ZodRoutes,
  path: string,
  schema: { querystring: Query; file: string },
  download: (
    query: z.infer<Query>,
    user: UserRow,
    language: StatementLanguage,
  ) => Promise<Download>,
): void {
  userDownloadRoute(
    app,
    path,
    { ...schema, produces: [DOWNLOAD_TYPES.csv, DOWNLOAD_TYPES.pdf] },
    (query, user, request) =>
      download(query, user, statementLanguage(query.lang, request.headers['accept-language'])),
  );
}

/**
 * GET /api/statements/account?from&to&format=csv|pdf[&lang] — the signed-in user's own account
 * statement, streamed as a download. A bad range is a 400 naming its field before anything is read.
 */
function accountStatementRoute(app: ZodRoutes, ctx: AppContext): void {
  csvOrPdfRoute(
    app,
    '/account',
    { querystring: statementQuerySchema, file: 'The statement file (CSV or PDF)' },
    async (query, user, language) => {
      const { format } = query;
      const messages = STATEMENT_MESSAGES[language];
      const statement = await openStatement(ctx, user, query);
      let body: Readable;
      try {
        body =
          format === 'csv' ? statementCsv(statement, messages) : statementPdf(statement, messages);
      } catch (error) {
        statement.release();
        throw error;
      }
      return {
        body,
        format,
        fileName: statementFileName(ctx.config.brandName, statement.header.range, format),
        language,
        release: statement.release,
        failure: 'statement stream failed',
      };
    },
  );
}

/** GET /api/statements/annual?year&format=csv|pdf[&lang] — the user's year, month by month. */
function annualSummaryRoute(app: ZodRoutes, ctx: AppContext): void {
  csvOrPdfRoute(
    app,
    '/annual',
    { querystring: annualSummaryQuerySchema, file: 'The annual summary (CSV or PDF)' },
    async (query, user, language) => {
      const { format, year } = query;
      const summary = await annualSummary(ctx, user, year);
      const body =
        format === 'csv'
          ? annualCsv(summary)
          : annualPdf(summary, STATEMENT_MESSAGES[language], language);
      return {
        body,
        format,
        fileName: annualFileName(ctx.config.brandName, year, format),
        language,
        failure: 'annual summary stream failed',
      };
    },
  );
}

/** GET /api/statements/trades?format=csv — the signed-in user's own closed real trades. */
function tradeHistoryRoute(app: ZodRoutes, ctx: AppContext): void {
  userDownloadRoute(
    app,
    '/trades',
    {
      querystring: tradeHistoryQuerySchema,
      produces: [DOWNLOAD_TYPES.csv],
      file: 'The closed-trade history (CSV)',
    },
    (_query, user) => ({
      body: tradeHistoryCsv(closedTradePages(ctx, user.id, TRADE_HISTORY_PAGE_ROWS, 'real')),
      format: 'csv',
      fileName: tradeHistoryFileName(ctx.config.brandName, utcDay(ctx.clock.now())),
      failure: 'trade history stream failed',
    }),
  );
}

/** The signed-in user's statements, each a download (/account, /annual, /trades). */
export function statementRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    accountStatementRoute(app, ctx);
    annualSummaryRoute(app, ctx);
    tradeHistoryRoute(app, ctx);
  });
}
