import type { RouteObject } from 'react-router';
import { publicRoutes } from '../features/public/routes';
import { authRoutes } from '../features/auth/routes';
import { strategyRoutes } from '../features/strategies/routes';
import { protectedRoutes } from './protectedRoutes';
import { lazyPage } from './lazyPage';
import { NotFoundPage } from './NotFoundPage';
import { READING_PATHS, SIGN_IN_PATHS } from './visitorPaths';

/** Nothing to show while the first lazy route loads (the page is blank for a few milliseconds). */
const HydrateFallback = () => null;

/**
 * Every feature owns its routes; this file only joins them, for the browser's router and for the
 * server's rendering of the public pages (entry-server). Pages load lazily so the landing page
 * ships only what it needs.
 */
export const routes: RouteObject[] = [
  ...publicRoutes,
  // The strategy directory and records are public, under the public pages' layout.
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
      ['shell', 'notifications'],
    ),
    children: protectedRoutes,
  },
  { path: '*', Component: NotFoundPage },
].map((route) => ({ ...route, HydrateFallback }));

/**
 * The pages a visitor reads, served as HTML with all their content (entry-server renders them for
 * a request without a session) and hydrated in the browser.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  ...READING_PATHS,
  '/plans',
  '/withdrawals/fee',
  ...SIGN_IN_PATHS,
  '/forgot',
  '/strategies',
];

/** A strategy's record page: /strategies/<uuid>. */
const STRATEGY_PAGE =
  /^\/strategies\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether the server renders `pathname` for a visitor (the list above, and every strategy page). */
export function isPrerendered(pathname: string): boolean {
  return PRERENDERED_PATHS.includes(pathname) || STRATEGY_PAGE.test(pathname);
}

/**
 * The signed-in pages the server also renders with their content (for the session the request
 * carries, never cached): the dashboard, the first page after signing in, so its figures paint
 * with the HTML instead of after the scripts, the session and the summary have arrived in turn.
 */
export const SIGNED_IN_RENDERED_PATHS: readonly string[] = ['/dashboard'];

export function isRenderedSignedIn(pathname: string): boolean {
  return SIGNED_IN_RENDERED_PATHS.includes(pathname);
}
