import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/lazyPage';

export const traderRoutes: RouteObject[] = [
  pageRoute('/trader', 'trader:title', ['trader', 'market'], () =>
    import('./pages/TraderPage').then((m) => m.TraderPage),
  ),
];
