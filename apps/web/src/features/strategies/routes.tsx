import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** A strategy's public record (joined under the public layout in app/router.tsx). */
export const strategyRoutes: RouteObject[] = [
  {
    path: '/strategies/:id',
    lazy: lazyPage(
      () => import('./pages/StrategyPage'),
      (m) => m.StrategyPage,
      ['strategies', 'public'],
    ),
  },
];
