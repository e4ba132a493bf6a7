import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const dashboardRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    handle: { title: 'dashboard:title' },
    lazy: lazyPage(
      () => import('./pages/DashboardPage'),
      (m) => m.DashboardPage,
      ['dashboard', 'transactions', 'trading', 'market', 'verification'],
    ),
  },
];
