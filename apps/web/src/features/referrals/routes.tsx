import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const referralRoutes: RouteObject[] = [
  {
    path: '/referrals',
    handle: { title: 'referrals:title' },
    lazy: lazyPage(
      () => import('./pages/ReferralsPage'),
      (m) => m.ReferralsPage,
      ['referrals'],
    ),
  },
];
