import type { RouteObject } from 'react-router';
import { dashboardRoutes } from '../features/dashboard/routes';
import { profileRoutes } from '../features/profile/routes';

/** Routes of the signed-in group (seed section 2); each feature adds its own list here. */
export const protectedRoutes: RouteObject[] = [...dashboardRoutes, ...profileRoutes];
