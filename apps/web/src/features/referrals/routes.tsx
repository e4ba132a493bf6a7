import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/lazyPage';

export const referralRoutes: RouteObject[] = [
  pageRoute('/referrals', 'referrals:title', ['referrals'], () =>
    import('./pages/ReferralsPage').then((m) => m.ReferralsPage),
  ),
];
