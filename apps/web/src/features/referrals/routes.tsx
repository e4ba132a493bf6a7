import type { RouteObject } from 'react-router';
import { titledPage } from '../../app/lazyPage';

export const referralRoutes: RouteObject[] = [
  titledPage('/referrals', 'referrals:title', ['referrals'], () =>
    import('./pages/ReferralsPage').then((m) => m.ReferralsPage),
  ),
];
