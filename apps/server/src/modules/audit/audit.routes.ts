import { auditListQuerySchema, auditListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { adminRoutes } from '../session';
import { listAudit } from './audit.service';

/** /api/admin/audit: read-only (the table itself refuses UPDATE and DELETE). */
export function auditRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['admin'],
          querystring: auditListQuerySchema,
          response: { 200: auditListSchema },
        },
      },
      async (request) => listAudit(ctx, request.query),
    );
  });
}
