import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

const NS = ['auth'];

/** The sign-in screens (seed section 2, "Public"); each page is its own lazy chunk. */
export const authRoutes: RouteObject[] = [
  {
    path: '/login',
    lazy: lazyPage(
      () => import('./pages/LoginPage'),
      (m) => m.LoginPage,
      NS,
    ),
  },
  {
    path: '/register',
    lazy: lazyPage(
      () => import('./pages/RegisterPage'),
      (m) => m.RegisterPage,
      NS,
    ),
  },
  {
    path: '/forgot',
    lazy: lazyPage(
      () => import('./pages/ForgotPage'),
      (m) => m.ForgotPage,
      NS,
    ),
  },
  {
    path: '/new',
    lazy: lazyPage(
      () => import('./pages/NewPasswordPage'),
      (m) => m.NewPasswordPage,
      NS,
    ),
  },
  {
    // Signed in with the one-time password printed at first start: a password of one's own first.
    path: '/change-password',
    lazy: lazyPage(
      () => import('./pages/ChangePasswordPage'),
      (m) => m.ChangePasswordPage,
      NS,
    ),
  },
  {
    path: '/verify',
    lazy: lazyPage(
      () => import('./pages/VerifyEmailPage'),
      (m) => m.VerifyEmailPage,
      NS,
    ),
  },
  {
    path: '/confirm-email',
    lazy: lazyPage(
      () => import('./pages/ConfirmEmailChangePage'),
      (m) => m.ConfirmEmailChangePage,
      NS,
    ),
  },
  {
    path: '/login/link',
    lazy: lazyPage(
      () => import('./pages/MagicLinkRequestPage'),
      (m) => m.MagicLinkRequestPage,
      NS,
    ),
  },
  {
    path: '/sign-in/continue',
    lazy: lazyPage(
      () => import('./pages/ContinueSignInPage'),
      (m) => m.ContinueSignInPage,
      NS,
    ),
  },
  {
    path: '/magic',
    lazy: lazyPage(
      () => import('./pages/MagicSignInPage'),
      (m) => m.MagicSignInPage,
      NS,
    ),
  },
  {
    path: '/account-closed',
    lazy: lazyPage(
      () => import('./pages/AccountClosedPage'),
      (m) => m.AccountClosedPage,
      NS,
    ),
  },
];
