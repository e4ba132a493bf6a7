import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const tradingRoutes: RouteObject[] = [
  {
    path: '/trades/history',
    handle: { title: 'trading:history.title' },
    lazy: lazyPage(
      () => import('./pages/TradeHistoryPage'),
      (m) => m.TradeHistoryPage,
      ['trading'],
    ),
  },
];
