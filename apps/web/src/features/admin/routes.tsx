import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/**
 * A back-office page: titled `admin:titles.<title>`, the page the module exports as `name`, loaded
 * with the admin texts and those of the other features it draws (`alsoTexts`).
 */
function adminPage<K extends string, M extends Record<K, ComponentType>>(
  path: string,
  title: string,
  load: () => Promise<M>,
  name: K,
  alsoTexts: readonly string[] = [],
): RouteObject {
  return {
    path,
    handle: { title: `admin:titles.${title}` },
    lazy: lazyPage(load, (module) => module[name], ['admin', ...alsoTexts]),
  };
}

/** The back office (/admin...). The shell sends non-admins to /dashboard; the server checks too. */
export const adminRoutes: RouteObject[] = [
  adminPage('/admin', 'overview', () => import('./pages/OverviewPage'), 'OverviewPage'),
  adminPage('/admin/users', 'users', () => import('./pages/UsersPage'), 'UsersPage'),
  adminPage(
    '/admin/users/:id',
    'userDetail',
    () => import('./pages/UserDetailPage'),
    'UserDetailPage',
    // The country picker of the contact form is the auth feature's; the transaction
    // descriptions are written by the transactions feature's texts.
    ['auth', 'transactions'],
  ),
  adminPage(
    '/admin/transactions',
    'transactions',
    () => import('./pages/TransactionsPage'),
    'TransactionsPage',
    ['transactions'],
  ),
  adminPage(
    '/admin/approvals',
    'approvals',
    () => import('./pages/ApprovalsPage'),
    'ApprovalsPage',
  ),
  adminPage(
    '/admin/trader-applications',
    'traderApplications',
    () => import('./pages/TraderApplicationsPage'),
    'TraderApplicationsPage',
  ),
  adminPage(
    '/admin/verifications',
    'verifications',
    () => import('./pages/VerificationsPage'),
    'VerificationsPage',
    // The document and field names are the verification feature's texts.
    ['verification'],
  ),
  adminPage('/admin/plans', 'plans', () => import('./pages/PlansPage'), 'PlansPage'),
  adminPage(
    '/admin/payment-methods',
    'paymentMethods',
    () => import('./pages/PaymentMethodsPage'),
    'PaymentMethodsPage',
  ),
  adminPage(
    '/admin/strategies',
    'strategies',
    () => import('./pages/StrategiesPage'),
    'StrategiesPage',
    // Creating a strategy for a trader draws the trader's own terms fields and their texts.
    ['trader'],
  ),
  adminPage(
    '/admin/chain-transfers',
    'chainTransfers',
    () => import('./pages/ChainTransfersPage'),
    'ChainTransfersPage',
  ),
  adminPage('/admin/messages', 'messages', () => import('./pages/MessagesPage'), 'MessagesPage'),
  adminPage('/admin/outbox', 'outbox', () => import('./pages/OutboxPage'), 'OutboxPage'),
  adminPage('/admin/audit', 'audit', () => import('./pages/AuditPage'), 'AuditPage'),
];
