import type { RouteObject } from 'react-router';

const loadProfilePage = () =>
  import('./pages/ProfilePage').then((m) => ({ Component: m.ProfilePage }));

/** The same page serves /profile and, inside the admin area's menu, /admin/profile. */
export const profileRoutes: RouteObject[] = [
  { path: '/profile', handle: { title: 'profile:title' }, lazy: loadProfilePage },
  { path: '/admin/profile', handle: { title: 'profile:title' }, lazy: loadProfilePage },
];
