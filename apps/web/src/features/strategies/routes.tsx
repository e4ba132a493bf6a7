import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The strategy directory and each strategy's public record (under the public layout, app/router.tsx). */
export const strategyRoutes: RouteObject[] = [
  {
    path: '/strategies',
    lazy: lazyPage(
      () => import('./pages/DirectoryPage'),
      (m) => m.DirectoryPage,
      ['strategies', 'public'],
    ),
  },
  {
    path: '/strategies/:id',
    lazy: lazyPage(
      () => import('./pages/StrategyPage'),
      (m) => m.StrategyPage,
      ['strategies', 'public'],
    ),
  },
];
