import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStrategyListSchema,
  adminStrategySchema,
  leadTraderInputSchema,
  navSeriesQuerySchema,
  navSeriesSchema,
  strategyDirectorySchema,
  strategyIdParamSchema,
  strategyListSchema,
  strategyOrdersQuerySchema,
  strategyOrdersSchema,
  strategyRecordSchema,
  traderOrderSchema,
} from '@app/shared/schemas/strategies';
import { adminCreateStrategySchema } from '@app/shared/schemas/lead-traders';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { guardAdmin } from '../../session';
import { requireAdmin } from '../../session';
import * as admin from './admin.service';
import * as orders from './orders.service';
import * as record from './record.service';

/** GET /api/strategies, /api/strategies/:id/nav?days=30, /api/strategies/:id/record, /api/strategies/:id/orders — public, read-only. */
export function strategyRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      { schema: { tags: ['strategies'], response: { 200: strategyListSchema } } },
      async () => ({
        strategies: (await record.listStrategies(ctx)).map(
          ({ leadTraderId: _id, ...strategy }) => strategy,
        ),
      }),
    );
    app.get(
      '/directory',
      { schema: { tags: ['strategies'], response: { 200: strategyDirectorySchema } } },
      () => record.strategyDirectory(ctx),
    );
    app.get(
      '/:id/nav',
      {
        schema: {
          tags: ['strategies'],
          params: strategyIdParamSchema,
          querystring: navSeriesQuerySchema,
          response: { 200: navSeriesSchema },
        },
      },
      (request) => record.strategyNavSeries(ctx, request.params.id, request.query.days),
    );
    app.get(
      '/:id/record',
      {
        schema: {
          tags: ['strategies'],
          params: strategyIdParamSchema,
          response: { 200: strategyRecordSchema },
        },
      },
      (request) => record.strategyRecord(ctx, request.params.id),
    );
    app.get(
      '/:id/orders',
      {
        schema: {
          tags: ['strategies'],
          params: strategyIdParamSchema,
          querystring: strategyOrdersQuerySchema,
          response: { 200: strategyOrdersSchema },
        },
      },
      (request) => record.strategyOrders(ctx, request.params.id, request.query),
    );
    done();
  };
}

const adminStrategyResponse = z.object({ strategy: adminStrategySchema });

/**
 * Admin: list, create a lead trader's strategy for them, assign a lead trader (or hand a retired
 * strategy to another), pause, resume, retire and unwind a retired one (all audited).
 */
export function adminStrategyRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    app.get('/', { schema: { tags, response: { 200: adminStrategyListSchema } } }, () =>
      admin.adminListStrategies(ctx),
    );
    app.post(
      '/:id/lead-trader',
      {
        schema: {
          tags,
          params: strategyIdParamSchema,
          body: leadTraderInputSchema,
          response: { 200: adminStrategyResponse },
        },
      },
      (request) =>
        admin.setLeadTrader(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          request.body.userId,
          request.ip,
        ),
    );
    app.post(
      '/',
      {
        schema: { tags, body: adminCreateStrategySchema, response: { 201: adminStrategyResponse } },
      },
      async (request, reply) => {
        const created = await admin.adminCreateStrategy(
          ctx,
          requireAdmin(request).user,
          request.body,
          request.ip,
        );
        return reply.status(201).send(created);
      },
    );
    app.post(
      '/:id/retire',
      {
        schema: { tags, params: strategyIdParamSchema, response: { 200: adminStrategyResponse } },
      },
      (request) =>
        admin.retireStrategy(ctx, requireAdmin(request).user, request.params.id, request.ip),
    );
    // Unwinding a retired strategy: an order that only reduces a position (admin, audited).
    app.post(
      '/:id/unwind-orders',
      {
        schema: {
          tags,
          params: strategyIdParamSchema,
          body: traderOrderSchema,
          response: { 200: adminStrategyResponse },
        },
      },
      (request) =>
        orders.adminUnwindOrder(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          request.body,
          request.ip,
        ),
    );
    for (const action of ['pause', 'resume'] as const) {
      app.post(
        `/:id/${action}`,
        {
          schema: { tags, params: strategyIdParamSchema, response: { 200: adminStrategyResponse } },
        },
        (request) =>
          admin.setPaused(
            ctx,
            requireAdmin(request).user,
            request.params.id,
            action === 'pause',
            request.ip,
          ),
      );
    }
    done();
  };
}
