import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const withdrawalsRoutes: RouteObject[] = [
  {
    path: '/withdrawals',
    handle: { title: 'withdrawals:title' },
    lazy: lazyPage(
      () => import('./pages/WithdrawalsPage'),
      (m) => m.WithdrawalsPage,
      ['withdrawals'],
    ),
  },
  {
    path: '/withdrawals/fee',
    handle: { title: 'withdrawals:fee.title' },
    lazy: lazyPage(
      () => import('./pages/WithdrawalFeePage'),
      (m) => m.WithdrawalFeePage,
      ['withdrawals'],
    ),
  },
];
