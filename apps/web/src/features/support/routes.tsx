import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The contact form comes from the public feature, so its texts (`public`) load with the page. */
export const supportRoutes: RouteObject[] = [
  {
    path: '/support',
    handle: { title: 'support:title' },
    lazy: lazyPage(
      () => import('./pages/SupportPage'),
      (m) => m.SupportPage,
      ['support', 'public'],
    ),
  },
];
