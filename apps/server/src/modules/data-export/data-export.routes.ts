import { dataExportSchema } from '@app/shared/schemas/data-export';
import type { AppContext } from '../../context';
import { sendDownload } from '../../http/download';
import { limitOn, rateLimiter } from '../../http/rate-limit';
import { requireUser } from '../session';
import { openPersonalDataExport } from './data-export.service';
import { signedInRoutes } from '../session';

/** Personal-data downloads one account may make per hour (each reads the whole history). */
export const DATA_EXPORTS_PER_HOUR = 5;
const exportsByAccount = {
  name: 'export:account',
  max: DATA_EXPORTS_PER_HOUR,
  windowMs: 3_600_000,
};

/**
 * GET /api/account/export — everything the platform holds about the user, as a JSON file
 * (rate-limited, audited).
 */
export function dataExportRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  return signedInRoutes((app) => {
    app.get(
      '/export',
      {
        preHandler: limiter.guard([
          limitOn(exportsByAccount, (request) => request.auth?.user.id ?? null),
        ]),
        schema: { tags: ['account'], response: { 200: dataExportSchema } },
      },
      // Streamed (the response schema documents it; each item is checked on its way out).
      async (request, reply) => {
        const { user } = requireUser(request);
        const data = await openPersonalDataExport(ctx, user, request.ip);
        void reply.header('cache-control', 'no-store');
        return sendDownload(request, reply, {
          body: data.body,
          format: 'json',
          fileName: `personal-data-${data.exportedAt.slice(0, 10)}.json`,
          failure: 'data export stream failed',
          logContext: { userId: user.id },
        });
      },
    );
  });
}
