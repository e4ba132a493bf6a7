import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** /verification and /appropriateness: any signed-in user, whatever the account's standing. */
export const verificationRoutes: RouteObject[] = [
  {
    path: '/verification',
    handle: { title: 'verification:title' },
    lazy: lazyPage(
      () => import('./pages/VerificationPage'),
      (m) => m.VerificationPage,
      ['verification'],
    ),
  },
  {
    path: '/appropriateness',
    handle: { title: 'verification:appropriateness.title' },
    lazy: lazyPage(
      () => import('./pages/AppropriatenessPage'),
      (m) => m.AppropriatenessPage,
      ['verification'],
    ),
  },
];
