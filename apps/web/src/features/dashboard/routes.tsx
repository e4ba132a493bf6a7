import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/lazyPage';

export const dashboardRoutes: RouteObject[] = [
  pageRoute(
    '/dashboard',
    'dashboard:title',
    ['dashboard', 'transactions', 'trading', 'market', 'verification'],
    () => import('./pages/DashboardPage').then((m) => m.DashboardPage),
  ),
];
