import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const plansRoutes: RouteObject[] = [
  {
    path: '/plans',
    // Open to visitors: the plans' real figures and the risk warning, before signing up.
    handle: { title: 'plans:title', visitors: true },
    lazy: lazyPage(
      () => import('./pages/PlansPage'),
      (m) => m.PlansPage,
      ['plans', 'public', 'trading'],
    ),
  },
];
