import { candleListSchema, candleQuerySchema, tickerListSchema } from '@app/shared/schemas/market';
import type { AppContext } from '../../context';
import * as market from './market.service';
import { publicRoutes } from '../../http/route-plugin';

/** Public market data: what the charts show is what the trades are valued at. */
export function marketRoutes(ctx: AppContext) {
  return publicRoutes((app) => {
    app.get('/tickers', { schema: { tags: ['market'], response: { 200: tickerListSchema } } }, () =>
      market.tickers(ctx),
    );
    app.get(
      '/candles',
      {
        schema: {
          tags: ['market'],
          querystring: candleQuerySchema,
          response: { 200: candleListSchema },
        },
      },
      (request) => market.candles(ctx, request.query),
    );
  });
}
