import type { RouteObject } from 'react-router';

export const profileRoutes: RouteObject[] = [
  {
    path: '/profile',
    handle: { title: 'profile:title' },
    lazy: () => import('./pages/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
  },
];
