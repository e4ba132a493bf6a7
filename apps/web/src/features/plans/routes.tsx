import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const plansRoutes: RouteObject[] = [
  {
    path: '/plans',
    handle: { title: 'plans:title' },
    lazy: lazyPage(
      () => import('./pages/PlansPage'),
      (m) => m.PlansPage,
      ['plans', 'public', 'trading'],
    ),
  },
];
