import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

const loadProfilePage = lazyPage(
  () => import('./pages/ProfilePage'),
  (m) => m.ProfilePage,
  ['profile'],
);

/** The same page serves /profile and, inside the admin area's menu, /admin/profile. */
export const profileRoutes: RouteObject[] = [
  { path: '/profile', handle: { title: 'profile:title' }, lazy: loadProfilePage },
  { path: '/admin/profile', handle: { title: 'profile:title' }, lazy: loadProfilePage },
];
