import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  annualSummaryQuerySchema,
  statementQuerySchema,
  tradeHistoryQuerySchema,
} from '@app/shared/schemas/statements';
import type { AppContext } from '../../context';
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
import { STATEMENT_MESSAGES, statementLanguage } from './statements.messages';
import { annualSummary, openStatement } from './statements.service';
import { annualCsv } from './annual.csv';
import { annualPdf } from './annual.pdf';
import { DOWNLOAD_TYPES, sendDownload } from '../../http/download';
import { type ZodRoutes } from '../../http/route-plugin';
import { signedInRoutes } from '../session';

const TRADE_HISTORY_PAGE_ROWS = 500;

/** A download route's options: its query, the file types it answers and what the file is. */
function downloadOptions<Query extends z.ZodType>(
  querystring: Query,
  produces: string[],
  file: string,
) {
  return {
    schema: {
      tags: ['statements'],
      querystring,
      produces,
      response: { 200: z.unknown().describe(`${file}, as an attachment`) },
    },
  };
}

/**
 * GET /api/statements/account?from&to&format=csv|pdf[&lang] — the signed-in user's own account
 * statement, streamed as a download. A bad range is a 400 naming its field before anything is read.
 */
function accountStatementRoute(app: ZodRoutes, ctx: AppContext): void {
  app.get(
    '/account',
    downloadOptions(
      statementQuerySchema,
      [DOWNLOAD_TYPES.csv, DOWNLOAD_TYPES.pdf],
      'The statement file (CSV or PDF)',
    ),
    async (request, reply) => {
      const { user } = requireUser(request);
      const { format } = request.query;
      const language = statementLanguage(request.query.lang, request.headers['accept-language']);
      const messages = STATEMENT_MESSAGES[language];
      const statement = await openStatement(ctx, user, request.query);
      let body: Readable;
      try {
        body =
          format === 'csv' ? statementCsv(statement, messages) : statementPdf(statement, messages);
      } catch (error) {
        statement.release();
        throw error;
      }
      return sendDownload(request, reply, {
        body,
        format,
        fileName: statementFileName(ctx.config.brandName, statement.header.range, format),
        language,
        release: statement.release,
        failure: 'statement stream failed',
        logContext: { userId: user.id },
      });
    },
  );
}

/** GET /api/statements/annual?year&format=csv|pdf[&lang] — the user's year, month by month. */
function annualSummaryRoute(app: ZodRoutes, ctx: AppContext): void {
  app.get(
    '/annual',
    downloadOptions(
      annualSummaryQuerySchema,
      [DOWNLOAD_TYPES.csv, DOWNLOAD_TYPES.pdf],
      'The annual summary (CSV or PDF)',
    ),
    async (request, reply) => {
      const { user } = requireUser(request);
      const { format, year } = request.query;
      const language = statementLanguage(request.query.lang, request.headers['accept-language']);
      const summary = await annualSummary(ctx, user, year);
      const body =
        format === 'csv'
          ? annualCsv(summary)
          : annualPdf(summary, STATEMENT_MESSAGES[language], language);
      return sendDownload(request, reply, {
        body,
        format,
        fileName: annualFileName(ctx.config.brandName, year, format),
        language,
        failure: 'annual summary stream failed',
        logContext: { userId: user.id },
      });
    },
  );
}

/** GET /api/statements/trades?format=csv — the signed-in user's own closed trades. */
function tradeHistoryRoute(app: ZodRoutes, ctx: AppContext): void {
  app.get(
    '/trades',
    downloadOptions(
      tradeHistoryQuerySchema,
      [DOWNLOAD_TYPES.csv],
      'The closed-trade history (CSV)',
    ),
    (request, reply) => {
      const { user } = requireUser(request);
      return sendDownload(request, reply, {
        body: tradeHistoryCsv(closedTradePages(ctx, user.id, TRADE_HISTORY_PAGE_ROWS)),
        format: 'csv',
        fileName: tradeHistoryFileName(ctx.config.brandName, utcDay(ctx.clock.now())),
        failure: 'trade history stream failed',
        logContext: { userId: user.id },
      });
    },
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
