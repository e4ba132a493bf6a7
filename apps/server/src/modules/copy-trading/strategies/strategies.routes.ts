import {
  adminStrategyListSchema,
  adminStrategySchema,
  directoryQuerySchema,
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
import { createdRoute, publicRoutes, type ZodRoutes } from '../../../http/route-plugin';
import { adminRoutes } from '../../session';
import { requireAdmin } from '../../session';
import * as admin from './admin.service';
import { strategyDirectory } from './directory.service';
import * as orders from './orders.service';
import * as record from './record.service';

/** GET /api/strategies, /api/strategies/directory?sort=&window=&paused=&limit=&cursor=, /api/strategies/:id/nav?days=30, /api/strategies/:id/record, /api/strategies/:id/orders — public, read-only. */
export function strategyRoutes(ctx: AppContext) {
  return publicRoutes((app) => {
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
      {
        schema: {
          tags: ['strategies'],
          querystring: directoryQuerySchema,
          response: { 200: strategyDirectorySchema },
        },
      },
      (request) => strategyDirectory(ctx, request.query),
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
  });
}

const adminStrategyResponse = z.object({ strategy: adminStrategySchema });

/**
 * Admin: list, create a lead trader's strategy for them, assign a lead trader (or hand a retired
 * strategy to another), pause, resume, retire and unwind a retired one (all audited).
 */
export function adminStrategyRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    adminListRoute(app, ctx);
    leadTraderRoutes(app, ctx);
    lifecycleRoutes(app, ctx);
  });
}

const adminTags = ['admin'];

/** GET /api/admin/strategies: every strategy, with its lead trader and state. */
function adminListRoute(app: ZodRoutes, ctx: AppContext) {
  app.get('/', { schema: { tags: adminTags, response: { 200: adminStrategyListSchema } } }, () =>
    admin.adminListStrategies(ctx),
  );
}

/** Assign a lead trader (or hand a retired strategy to another), and create one for them. */
function leadTraderRoutes(app: ZodRoutes, ctx: AppContext) {
  app.post(
    '/:id/lead-trader',
    {
      schema: {
        tags: adminTags,
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
  createdRoute(
    app,
    '/',
    { tags: adminTags, body: adminCreateStrategySchema, response: adminStrategyResponse },
    (request, body) => admin.adminCreateStrategy(ctx, requireAdmin(request).user, body, request.ip),
  );
}

/** Retire, unwind a retired strategy, pause and resume. */
function lifecycleRoutes(app: ZodRoutes, ctx: AppContext) {
  // A fresh object per route: Fastify normalises a route's schema in place.
  const strategySchema = () => ({
    tags: adminTags,
    params: strategyIdParamSchema,
    response: { 200: adminStrategyResponse },
  });
  app.post('/:id/retire', { schema: strategySchema() }, (request) =>
    admin.retireStrategy(ctx, requireAdmin(request).user, request.params.id, request.ip),
  );
  // Unwinding a retired strategy: an order that only reduces a position (admin, audited).
  app.post(
    '/:id/unwind-orders',
    { schema: { ...strategySchema(), body: traderOrderSchema } },
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
    app.post(`/:id/${action}`, { schema: strategySchema() }, (request) =>
      admin.setPaused(
        ctx,
        requireAdmin(request).user,
        request.params.id,
        action === 'pause',
        request.ip,
      ),
    );
  }
}
