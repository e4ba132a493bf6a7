import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The back office (/admin...). The shell sends non-admins to /dashboard; the server checks too. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    handle: { title: 'admin:titles.overview' },
    lazy: lazyPage(
      () => import('./pages/OverviewPage'),
      (m) => m.OverviewPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/users',
    handle: { title: 'admin:titles.users' },
    lazy: lazyPage(
      () => import('./pages/UsersPage'),
      (m) => m.UsersPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/users/:id',
    handle: { title: 'admin:titles.userDetail' },
    lazy: lazyPage(
      () => import('./pages/UserDetailPage'),
      (m) => m.UserDetailPage,
      // The country picker of the contact form is the auth feature's; the transaction
      // descriptions are written by the transactions feature's texts.
      ['admin', 'auth', 'transactions'],
    ),
  },
  {
    path: '/admin/transactions',
    handle: { title: 'admin:titles.transactions' },
    lazy: lazyPage(
      () => import('./pages/TransactionsPage'),
      (m) => m.TransactionsPage,
      ['admin', 'transactions'],
    ),
  },
  {
    path: '/admin/approvals',
    handle: { title: 'admin:titles.approvals' },
    lazy: lazyPage(
      () => import('./pages/ApprovalsPage'),
      (m) => m.ApprovalsPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/trader-applications',
    handle: { title: 'admin:titles.traderApplications' },
    lazy: lazyPage(
      () => import('./pages/TraderApplicationsPage'),
      (m) => m.TraderApplicationsPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/verifications',
    handle: { title: 'admin:titles.verifications' },
    lazy: lazyPage(
      () => import('./pages/VerificationsPage'),
      (m) => m.VerificationsPage,
      // The document and field names are the verification feature's texts.
      ['admin', 'verification'],
    ),
  },
  {
    path: '/admin/plans',
    handle: { title: 'admin:titles.plans' },
    lazy: lazyPage(
      () => import('./pages/PlansPage'),
      (m) => m.PlansPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/payment-methods',
    handle: { title: 'admin:titles.paymentMethods' },
    lazy: lazyPage(
      () => import('./pages/PaymentMethodsPage'),
      (m) => m.PaymentMethodsPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/strategies',
    handle: { title: 'admin:titles.strategies' },
    lazy: lazyPage(
      () => import('./pages/StrategiesPage'),
      (m) => m.StrategiesPage,
      // Creating a strategy for a trader draws the trader's own terms fields and their texts.
      ['admin', 'trader'],
    ),
  },
  {
    path: '/admin/messages',
    handle: { title: 'admin:titles.messages' },
    lazy: lazyPage(
      () => import('./pages/MessagesPage'),
      (m) => m.MessagesPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/outbox',
    handle: { title: 'admin:titles.outbox' },
    lazy: lazyPage(
      () => import('./pages/OutboxPage'),
      (m) => m.OutboxPage,
      ['admin'],
    ),
  },
  {
    path: '/admin/audit',
    handle: { title: 'admin:titles.audit' },
    lazy: lazyPage(
      () => import('./pages/AuditPage'),
      (m) => m.AuditPage,
      ['admin'],
    ),
  },
];
