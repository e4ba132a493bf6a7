import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDepositSchema } from '@app/shared/schemas/money';
import { transactionResponseSchema } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import { decisionRoutes } from '../../http/decision-routes';
import { guardAdmin, guardSignedIn } from '../../http/guards';
import { requireUser } from '../session';
import { idempotencyKeyOf, sendOutcome } from '../ledger/idempotency';
import * as service from './deposits.service';

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
    decisionRoutes(fastify, {
      tags: ['admin'],
      approve: {
        verb: 'approve',
        response: { 200: transactionResponseSchema },
        run: (request) => service.approveDeposit(ctx, request),
      },
      reject: {
        response: { 200: transactionResponseSchema },
        run: (request, reason) => service.rejectDeposit(ctx, request, reason),
      },
    });
    done();
  };
}
