import { createdRoute, routePlugin } from '../../../http/route-plugin';
import {
  createTraderStrategySchema,
  traderDashboardSchema,
  traderProgrammeSchema,
  updateTraderStrategySchema,
} from '@app/shared/schemas/lead-traders';
import {
  strategyIdParamSchema,
  traderOrderResultSchema,
  traderOrderSchema,
  traderStrategySchema,
} from '@app/shared/schemas/strategies';
import type { AppContext } from '../../../context';
import { requireUser } from '../../session';
import { guardLeadTrader } from '../../lead-traders';
import * as orders from './orders.service';
import * as terms from './terms.service';

/**
 * The lead trader's desk, every route of it behind guardLeadTrader (users.is_trader on an active,
 * undeleted account; anyone else 403 TRADER_ONLY, a deactivated trader 403 LEAD_TRADER_NOT_ACTIVE,
 * before the body is read):
 * GET /api/trader/strategy and POST /api/trader/orders {symbol, side, targetWeight: "25"} (orders
 * fill at the server's feed price; no price field); the programme's bounds, creating the trader's
 * strategy, changing its terms, and the dashboard's figures.
 */
export function traderRoutes(ctx: AppContext) {
  return routePlugin(guardLeadTrader, (app) => {
    const tags = ['trader'];
    app.get('/strategy', { schema: { tags, response: { 200: traderStrategySchema } } }, (request) =>
      orders.traderStrategy(ctx, requireUser(request).user),
    );
    app.post(
      '/orders',
      { schema: { tags, body: traderOrderSchema, response: { 200: traderOrderResultSchema } } },
      (request) => orders.placeTraderOrder(ctx, requireUser(request).user, request.body),
    );
    app.get('/programme', { schema: { tags, response: { 200: traderProgrammeSchema } } }, () =>
      terms.traderProgramme(ctx),
    );
    app.get(
      '/dashboard',
      { schema: { tags, response: { 200: traderDashboardSchema } } },
      (request) => terms.traderDashboard(ctx, requireUser(request).user),
    );
    createdRoute(
      app,
      '/strategy',
      { tags, body: createTraderStrategySchema, response: traderDashboardSchema },
      (request, body) =>
        terms.createTraderStrategy(ctx, requireUser(request).user, body, request.ip),
    );
    app.patch(
      '/strategies/:id',
      {
        schema: {
          tags,
          params: strategyIdParamSchema,
          body: updateTraderStrategySchema,
          response: { 200: traderDashboardSchema },
        },
      },
      (request) =>
        terms.updateTraderStrategy(
          ctx,
          requireUser(request).user,
          request.params.id,
          request.body,
          request.ip,
        ),
    );
  });
}
