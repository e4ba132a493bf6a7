import { atMostCharacters } from '@app/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDepositSchema, rejectSchema } from '@app/shared/schemas/money';
import { transactionResponseSchema } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import { guardAdmin, guardSignedIn } from '../../http/guards';
import { requireAdmin, requireUser } from '../auth/session';
import { idempotencyKeyOf, sendOutcome } from '../ledger/idempotency';
import * as service from './deposits.service';

const idParams = z.object({ id: z.string().max(40, atMostCharacters(40)) });

/** POST /api/deposits — "I have made the payment" (accepts Idempotency-Key). */
export function depositRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardSignedIn(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/',
      {
        schema: {
          tags: ['deposits'],
          body: createDepositSchema,
          response: { 201: transactionResponseSchema },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const result = await service.requestDeposit(
          ctx,
          requireUser(request).user,
          request.body,
          key,
        );
        return sendOutcome(reply, result);
      },
    );
    done();
  };
}

/** POST /api/admin/deposits/:id/approve and /reject {reason} (id = uuid or TNX id). */
export function adminDepositRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    app.post(
      '/:id/approve',
      { schema: { tags, params: idParams, response: { 200: transactionResponseSchema } } },
      async (request, reply) => {
        const result = await service.approveDeposit(
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
          response: { 200: transactionResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await service.rejectDeposit(
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
