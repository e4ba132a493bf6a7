import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balancesExportQuerySchema,
  journalExportQuerySchema,
} from '@app/shared/schemas/statements';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import { requireAdmin } from '../auth/session';
import { exportFileName } from './domain/statement';
import { balancesCsv, journalCsv } from './operator-exports.csv';
import { openBalancesExport, openJournalExport } from './operator-exports.service';

const CSV = 'text/csv; charset=utf-8; header=present';

function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable,
  release: () => void,
  fileName: string,
) {
  body.on('close', release);
  body.on('error', (error) => request.log.error({ err: error }, 'operator export failed'));
  return reply
    .type(CSV)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * GET /api/admin/exports/journal?from&to and GET /api/admin/exports/balances?at — the operator's
 * ledger exports (admin only, each request in the audit log), streamed as CSV.
 */
export function operatorExportRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const file = z.unknown().describe('The export (CSV), as an attachment');
    app.get(
      '/journal',
      {
        schema: {
          tags: ['admin'],
          querystring: journalExportQuerySchema,
          produces: [CSV],
          response: { 200: file },
        },
      },
      async (request, reply) => {
        const { user } = requireAdmin(request);
        const opened = await openJournalExport(ctx, user, request.query, request.ip);
        const name = exportFileName(
          ctx.config.brandName,
          `journal-${opened.range.from}-to-${opened.range.to}`,
        );
        return sendCsv(request, reply, journalCsv(opened.batches), opened.release, name);
      },
    );
    app.get(
      '/balances',
      {
        schema: {
          tags: ['admin'],
          querystring: balancesExportQuerySchema,
          produces: [CSV],
          response: { 200: file },
        },
      },
      async (request, reply) => {
        const { user } = requireAdmin(request);
        const opened = await openBalancesExport(ctx, user, request.query, request.ip);
        const name = exportFileName(ctx.config.brandName, `balances-${opened.at}`);
        return sendCsv(request, reply, balancesCsv(opened.batches), opened.release, name);
      },
    );
    done();
  };
}
