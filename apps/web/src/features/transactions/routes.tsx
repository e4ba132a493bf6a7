import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const transactionsRoutes: RouteObject[] = [
  {
    path: '/transactions',
    handle: { title: 'transactions:title' },
    lazy: lazyPage(
      () => import('./pages/TransactionsPage'),
      (m) => m.TransactionsPage,
      ['transactions'],
    ),
  },
];
