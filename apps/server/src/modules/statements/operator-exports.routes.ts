import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  balancesExportQuerySchema,
  journalExportQuerySchema,
} from '@app/shared/schemas/statements';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { ZodRoutes } from '../../http/route-plugin';
import { requireAdmin } from '../session';
import { exportFileName } from './domain/statement';
import { DOWNLOAD_TYPES, sendDownload } from '../../http/download';
import { balancesCsv, journalCsv } from './operator-exports.csv';
import { openBalancesExport, openJournalExport } from './operator-exports.service';
import { adminRoutes } from '../session';

/** What an export route streams: the CSV, the release of its snapshot, the file's name part. */
interface OpenedCsv {
  body: Readable;
  release: () => void;
  /** The file name between the brand and `.csv`. */
  name: string;
}

/**
 * GET `path`: one of the operator's exports, its query checked by `querystring`; `open` takes the
 * snapshot for the acting admin (and audits it). Streamed as a CSV attachment; the snapshot is
 * released when the body closes, however it ends.
 */
function csvExportRoute<Query extends z.ZodType>(
  app: ZodRoutes,
  ctx: AppContext,
  path: string,
  querystring: Query,
  open: (admin: UserRow, query: z.infer<Query>, ip: string) => Promise<OpenedCsv>,
): void {
  app.get(
    path,
    {
      schema: {
        tags: ['admin'],
        querystring,
        produces: [DOWNLOAD_TYPES.csv],
        response: { 200: z.unknown().describe('The export (CSV), as an attachment') },
      },
    },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      // `querystring` has parsed the query; the type provider only cannot see through the generic.
      const opened = await open(user, request.query as z.infer<Query>, request.ip);
      return sendDownload(request, reply, {
        body: opened.body,
        format: 'csv',
        fileName: exportFileName(ctx.config.brandName, opened.name),
        release: opened.release,
        failure: 'operator export failed',
      });
    },
  );
}

/**
 * GET /api/admin/exports/journal?from&to and GET /api/admin/exports/balances?at — the operator's
 * ledger exports (admin only, each request in the audit log), streamed as CSV.
 */
export function operatorExportRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    csvExportRoute(app, ctx, '/journal', journalExportQuerySchema, async (admin, query, ip) => {
      const opened = await openJournalExport(ctx, admin, query, ip);
      const { from, to } = opened.range;
      return {
        body: journalCsv(opened.batches),
        release: opened.release,
        name: `journal-${from}-to-${to}`,
      };
    });
    csvExportRoute(app, ctx, '/balances', balancesExportQuerySchema, async (admin, query, ip) => {
      const opened = await openBalancesExport(ctx, admin, query, ip);
      return {
        body: balancesCsv(opened.batches),
        release: opened.release,
        name: `balances-${opened.at}`,
      };
    });
  });
}
