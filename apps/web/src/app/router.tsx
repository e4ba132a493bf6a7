import { createBrowserRouter, type RouteObject } from 'react-router';
import { publicRoutes } from '../features/public/routes';
import { authRoutes } from '../features/auth/routes';
import { protectedRoutes } from './protectedRoutes';
import { NotFoundPage } from './NotFoundPage';

/**
 * Every feature owns its routes; this file only joins them. Pages load lazily so the landing page
 * ships only what it needs.
 */
const routes: RouteObject[] = [
  ...publicRoutes,
  ...authRoutes,
  {
    lazy: () =>
      import('../features/shell/ProtectedLayout').then((m) => ({ Component: m.ProtectedLayout })),
    children: protectedRoutes,
  },
  { path: '*', Component: NotFoundPage },
];

export const router = createBrowserRouter(routes);
