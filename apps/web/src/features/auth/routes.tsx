import type { RouteObject } from 'react-router';

export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })) },
];
