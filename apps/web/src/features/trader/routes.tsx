import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const traderRoutes: RouteObject[] = [
  {
    path: '/trader',
    handle: { title: 'trader:title' },
    lazy: lazyPage(
      () => import('./pages/TraderPage'),
      (m) => m.TraderPage,
      ['trader', 'market'],
    ),
  },
];
