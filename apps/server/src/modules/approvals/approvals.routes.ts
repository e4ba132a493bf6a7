import { atMostCharacters } from '@app/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalDecisionSchema,
  approvalListQuerySchema,
  approvalListSchema,
} from '@app/shared/schemas/approvals';
import { rejectSchema } from '@app/shared/schemas/money';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import { requireAdmin } from '../auth/session';
import { idempotencyKeyOf, sendOutcome } from '../ledger/idempotency';
import * as service from './approvals.service';

const idParams = z.object({ id: z.string().max(40, atMostCharacters(40)) });

/**
 * GET /api/admin/approvals?status=pending, POST /api/admin/approvals/:id/approve and
 * /reject {reason} (Idempotency-Key): the checker's side of four-eyes money.
 */
export function adminApprovalRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    app.get(
      '/',
      {
        schema: {
          tags,
          querystring: approvalListQuerySchema,
          response: { 200: approvalListSchema },
        },
      },
      (request) => service.listApprovals(ctx, request.query.status),
    );
    app.post(
      '/:id/approve',
      { schema: { tags, params: idParams, response: { 200: approvalDecisionSchema } } },
      async (request, reply) => {
        const result = await service.approve(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          idempotencyKeyOf(request),
          request.ip,
        );
        return sendOutcome(reply, result);
      },
    );
    app.post(
      '/:id/reject',
      {
        schema: {
          tags,
          params: idParams,
          body: rejectSchema,
          response: { 200: approvalDecisionSchema },
        },
      },
      async (request, reply) => {
        const result = await service.reject(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          request.body.reason,
          idempotencyKeyOf(request),
          request.ip,
        );
        return sendOutcome(reply, result);
      },
    );
    done();
  };
}
