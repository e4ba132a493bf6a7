import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { traderOrderSchema, traderStrategySchema } from '@app/shared/schemas/strategies';
import type { AppContext } from '../../context';
import { guardSignedIn } from '../../http/guards';
import { requireUser } from '../auth/session';
import * as strategies from './strategies.service';

/**
 * The lead trader's desk (users.is_trader): GET /api/trader/strategy and POST /api/trader/orders
 * {symbol, side, targetWeight: "25"}. Orders fill at the server's feed price; no price field.
 */
export function traderRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardSignedIn(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['trader'];
    app.get('/strategy', { schema: { tags, response: { 200: traderStrategySchema } } }, (request) =>
      strategies.traderStrategy(ctx, requireUser(request).user),
    );
    app.post(
      '/orders',
      { schema: { tags, body: traderOrderSchema, response: { 200: traderStrategySchema } } },
      (request) => strategies.placeTraderOrder(ctx, requireUser(request).user, request.body),
    );
    done();
  };
}
