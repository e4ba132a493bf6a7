import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  annualSummaryQuerySchema,
  statementQuerySchema,
  tradeHistoryQuerySchema,
} from '@app/shared/schemas/statements';
import type { AppContext } from '../../context';
import { guardSignedIn } from '../../http/guards';
import { requireUser } from '../session';
import { closedTradePages } from '../copy-trading/trades.service';
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
import { DOWNLOAD_TYPES, sendDownload } from './download';

const TRADE_HISTORY_PAGE_ROWS = 500;

/**
 * GET /api/statements/account?from&to&format=csv|pdf[&lang] — the signed-in user's own account
 * statement, streamed as a download. A bad range is a 400 naming its field before anything is read.
 * GET /api/statements/annual?year&format=csv|pdf[&lang] — the user's year, month by month.
 * GET /api/statements/trades?format=csv — the signed-in user's own closed trades.
 */
export function statementRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardSignedIn(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/account',
      {
        schema: {
          tags: ['statements'],
          querystring: statementQuerySchema,
          produces: [DOWNLOAD_TYPES.csv, DOWNLOAD_TYPES.pdf],
          response: {
            200: z.unknown().describe('The statement file (CSV or PDF), as an attachment'),
          },
        },
      },
      async (request, reply) => {
        const { user } = requireUser(request);
        const { format } = request.query;
        const language = statementLanguage(request.query.lang, request.headers['accept-language']);
        const messages = STATEMENT_MESSAGES[language];
        const statement = await openStatement(ctx, user, request.query);
        let body: Readable;
        try {
          body =
            format === 'csv'
              ? statementCsv(statement, messages)
              : statementPdf(statement, messages);
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
    app.get(
      '/annual',
      {
        schema: {
          tags: ['statements'],
          querystring: annualSummaryQuerySchema,
          produces: [DOWNLOAD_TYPES.csv, DOWNLOAD_TYPES.pdf],
          response: {
            200: z.unknown().describe('The annual summary (CSV or PDF), as an attachment'),
          },
        },
      },
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
    app.get(
      '/trades',
      {
        schema: {
          tags: ['statements'],
          querystring: tradeHistoryQuerySchema,
          produces: [DOWNLOAD_TYPES.csv],
          response: {
            200: z.unknown().describe('The closed-trade history (CSV), as an attachment'),
          },
        },
      },
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
    done();
  };
}
