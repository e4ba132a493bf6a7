import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/lazyPage';

/** The contact form comes from the public feature, so its texts (`public`) load with the page. */
export const supportRoutes: RouteObject[] = [
  pageRoute('/support', 'support:title', ['support', 'public'], () =>
    import('./pages/SupportPage').then((m) => m.SupportPage),
  ),
];
