import type { RouteObject } from 'react-router';

/** The sign-in screens (seed section 2, "Public"); each page is its own lazy chunk. */
export const authRoutes: RouteObject[] = [
  {
    path: '/login',
    lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: '/register',
    lazy: () => import('./pages/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: '/forgot',
    lazy: () => import('./pages/ForgotPage').then((m) => ({ Component: m.ForgotPage })),
  },
  {
    path: '/new',
    lazy: () => import('./pages/NewPasswordPage').then((m) => ({ Component: m.NewPasswordPage })),
  },
  {
    path: '/verify',
    lazy: () => import('./pages/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage })),
  },
];
