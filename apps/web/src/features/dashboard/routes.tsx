import type { RouteObject } from 'react-router';
import { titledPage } from '../../app/lazyPage';

export const dashboardRoutes: RouteObject[] = [
  titledPage(
    '/dashboard',
    'dashboard:title',
    ['dashboard', 'transactions', 'trading', 'market', 'verification'],
    () => import('./pages/DashboardPage').then((m) => m.DashboardPage),
  ),
];
