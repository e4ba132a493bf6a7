import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  balancesExportQuerySchema,
  journalExportQuerySchema,
} from '@app/shared/schemas/statements';
import type { AppContext } from '../../context';
import { requireAdmin } from '../session';
import { exportFileName } from './domain/statement';
import { DOWNLOAD_TYPES, sendDownload } from '../../http/download';
import { balancesCsv, journalCsv } from './operator-exports.csv';
import { openBalancesExport, openJournalExport } from './operator-exports.service';
import { adminRoutes } from '../session';

/** An export, streamed: its snapshot is released when the body closes, however it ends. */
function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable,
  release: () => void,
  fileName: string,
) {
  return sendDownload(request, reply, {
    body,
    format: 'csv',
    fileName,
    release,
    failure: 'operator export failed',
  });
}

/**
 * GET /api/admin/exports/journal?from&to and GET /api/admin/exports/balances?at — the operator's
 * ledger exports (admin only, each request in the audit log), streamed as CSV.
 */
export function operatorExportRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    const file = z.unknown().describe('The export (CSV), as an attachment');
    app.get(
      '/journal',
      {
        schema: {
          tags: ['admin'],
          querystring: journalExportQuerySchema,
          produces: [DOWNLOAD_TYPES.csv],
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
          produces: [DOWNLOAD_TYPES.csv],
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
  });
}
