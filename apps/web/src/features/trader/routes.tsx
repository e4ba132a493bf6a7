import type { RouteObject } from 'react-router';
import { titledPage } from '../../app/lazyPage';

export const traderRoutes: RouteObject[] = [
  titledPage('/trader', 'trader:title', ['trader', 'market'], () =>
    import('./pages/TraderPage').then((m) => m.TraderPage),
  ),
];
