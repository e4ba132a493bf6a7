import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { guardAdmin } from '../session';
import { listAudit } from './audit.service';

/** /api/admin/audit: read-only (the table itself refuses UPDATE and DELETE). */
export function auditRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
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
    done();
  };
}
