import { createBrowserRouter, type RouteObject } from 'react-router';
import { publicRoutes } from '../features/public/routes';
import { authRoutes } from '../features/auth/routes';
import { strategyRoutes } from '../features/strategies/routes';
import { protectedRoutes } from './protectedRoutes';
import { lazyPage } from './lazyPage';
import { NotFoundPage } from './NotFoundPage';

/**
 * Every feature owns its routes; this file only joins them. Pages load lazily so the landing page
 * ships only what it needs.
 */
const routes: RouteObject[] = [
  ...publicRoutes,
  // A strategy's record is public, under the public pages' layout.
  {
    lazy: lazyPage(
      () => import('../features/public/components/PublicLayout'),
      (m) => m.PublicLayout,
      ['public'],
    ),
    children: strategyRoutes,
  },
  ...authRoutes,
  {
    lazy: lazyPage(
      () => import('../features/shell/ProtectedLayout'),
      (m) => m.ProtectedLayout,
      ['shell'],
    ),
    children: protectedRoutes,
  },
  { path: '*', Component: NotFoundPage },
];

/** Nothing to show while the first lazy route loads (the page is blank for a few milliseconds). */
const HydrateFallback = () => null;

export const router = createBrowserRouter(routes.map((route) => ({ ...route, HydrateFallback })));
