import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/**
 * The country picker's texts live in `auth`, the referral link's in `referrals`, the alert
 * settings' in `notifications`.
 */
const loadProfilePage = lazyPage(
  () => import('./pages/ProfilePage'),
  (m) => m.ProfilePage,
  ['profile', 'auth', 'referrals', 'notifications', 'trader', 'verification'],
);

/** The same page serves /profile and, inside the admin area's menu, /admin/profile. */
export const profileRoutes: RouteObject[] = [
  { path: '/profile', handle: { title: 'profile:title' }, lazy: loadProfilePage },
  { path: '/admin/profile', handle: { title: 'profile:title' }, lazy: loadProfilePage },
];
