import type { RouteObject } from 'react-router';
import { titledPage } from '../../app/lazyPage';

export const tradingRoutes: RouteObject[] = [
  titledPage('/trades/history', 'trading:history.title', ['trading'], () =>
    import('./pages/TradeHistoryPage').then((m) => m.TradeHistoryPage),
  ),
];
