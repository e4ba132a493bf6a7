import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closedTradeResponseSchema,
  createTradeSchema,
  currentTradeResponseSchema,
  updateTradeSchema,
} from '@app/shared/schemas/trades';
import { z } from 'zod';
import { currentTradeSchema } from '@app/shared/schemas/trades';
import type { AppContext } from '../../context';
import { guardSignedIn } from '../../http/guards';
import { requireUser } from '../auth/session';
import { idempotencyKeyOf, sendOutcome } from '../ledger/idempotency';
import * as service from './trades.service';

/**
 * The follower's trade: POST /api/trades (invest), GET /api/trades/current, PATCH
 * /api/trades/current {stopLossPct}, POST /api/trades/current/claim and /close. Mutations accept
 * an Idempotency-Key. No request carries a price, a NAV or a profit.
 */
export function tradeRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardSignedIn(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['trades'];
    app.post(
      '/',
      {
        schema: {
          tags,
          body: createTradeSchema,
          response: { 201: z.object({ trade: currentTradeSchema }) },
        },
      },
      async (request, reply) => {
        const result = await service.openTrade(
          ctx,
          requireUser(request).user,
          request.body,
          idempotencyKeyOf(request),
        );
        return sendOutcome(reply, result);
      },
    );
    app.get(
      '/current',
      { schema: { tags, response: { 200: currentTradeResponseSchema } } },
      async (request) => ({
        trade: await service.currentTrade(ctx, requireUser(request).user.id),
      }),
    );
    app.patch(
      '/current',
      {
        schema: {
          tags,
          body: updateTradeSchema,
          response: { 200: z.object({ trade: currentTradeSchema }) },
        },
      },
      async (request) => ({
        trade: await service.updateStopLoss(
          ctx,
          requireUser(request).user,
          request.body.stopLossPct,
        ),
      }),
    );
    for (const reason of ['claim', 'close'] as const) {
      app.post(
        `/current/${reason}`,
        { schema: { tags, response: { 200: closedTradeResponseSchema } } },
        async (request, reply) => {
          const result = await service.closeOwnTrade(
            ctx,
            requireUser(request).user,
            reason,
            idempotencyKeyOf(request),
          );
          return sendOutcome(reply, result);
        },
      );
    }
    done();
  };
}
