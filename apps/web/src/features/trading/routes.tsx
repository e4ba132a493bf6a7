import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/lazyPage';

export const tradingRoutes: RouteObject[] = [
  pageRoute('/trades/history', 'trading:history.title', ['trading'], () =>
    import('./pages/TradeHistoryPage').then((m) => m.TradeHistoryPage),
  ),
];
