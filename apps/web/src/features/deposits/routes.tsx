import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

export const depositsRoutes: RouteObject[] = [
  {
    path: '/deposits',
    handle: { title: 'deposits:title' },
    lazy: lazyPage(
      () => import('./pages/DepositsPage'),
      (m) => m.DepositsPage,
      ['deposits'],
    ),
  },
  {
    path: '/deposits/payment',
    handle: { title: 'deposits:paymentTitle' },
    lazy: lazyPage(
      () => import('./pages/DepositPaymentPage'),
      (m) => m.DepositPaymentPage,
      ['deposits'],
    ),
  },
  {
    path: '/deposits/chain/:network',
    handle: { title: 'deposits:chain.title' },
    lazy: lazyPage(
      () => import('./pages/ChainDepositPage'),
      (m) => m.ChainDepositPage,
      ['deposits'],
    ),
  },
];
