import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The fee schedule (/withdrawals/fee) is public: it lives in the public routes. */
export const withdrawalsRoutes: RouteObject[] = [
  {
    path: '/withdrawals',
    handle: { title: 'withdrawals:title' },
    lazy: lazyPage(
      () => import('./pages/WithdrawalsPage'),
      (m) => m.WithdrawalsPage,
      ['withdrawals', 'deposits'],
    ),
  },
];
