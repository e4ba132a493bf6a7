import type { RouteObject } from 'react-router';

export const publicRoutes: RouteObject[] = [
  { path: '/', lazy: () => import('./pages/LandingPage').then((m) => ({ Component: m.LandingPage })) },
];
