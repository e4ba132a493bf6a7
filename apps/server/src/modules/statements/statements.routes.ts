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
import { requireUser } from '../auth/session';
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

const TRADE_HISTORY_PAGE_ROWS = 500;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8; header=present',
  pdf: 'application/pdf',
} as const;

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
          produces: [CONTENT_TYPES.csv, CONTENT_TYPES.pdf],
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
        body.on('close', statement.release);
        body.on('error', (error) =>
          request.log.error({ err: error, userId: user.id }, 'statement stream failed'),
        );
        const fileName = statementFileName(ctx.config.brandName, statement.header.range, format);
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('content-language', language)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
    app.get(
      '/annual',
      {
        schema: {
          tags: ['statements'],
          querystring: annualSummaryQuerySchema,
          produces: [CONTENT_TYPES.csv, CONTENT_TYPES.pdf],
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
        if (typeof body !== 'string') {
          body.on('error', (error) =>
            request.log.error({ err: error, userId: user.id }, 'annual summary stream failed'),
          );
        }
        const fileName = annualFileName(ctx.config.brandName, year, format);
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('content-language', language)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
    app.get(
      '/trades',
      {
        schema: {
          tags: ['statements'],
          querystring: tradeHistoryQuerySchema,
          produces: [CONTENT_TYPES.csv],
          response: {
            200: z.unknown().describe('The closed-trade history (CSV), as an attachment'),
          },
        },
      },
      (request, reply) => {
        const { user } = requireUser(request);
        const body = tradeHistoryCsv(closedTradePages(ctx, user.id, TRADE_HISTORY_PAGE_ROWS));
        body.on('error', (error) =>
          request.log.error({ err: error, userId: user.id }, 'trade history stream failed'),
        );
        const fileName = tradeHistoryFileName(ctx.config.brandName, utcDay(ctx.clock.now()));
        return reply
          .type(CONTENT_TYPES.csv)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
    done();
  };
}
