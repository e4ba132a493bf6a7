import type { RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { depositsRoutes } from '../features/deposits/routes';
import { profileRoutes } from '../features/profile/routes';
import { transactionsRoutes } from '../features/transactions/routes';
import { withdrawalsRoutes } from '../features/withdrawals/routes';
import { referralRoutes } from '../features/referrals/routes';
import { supportRoutes } from '../features/support/routes';
import { plansRoutes } from '../features/plans/routes';
import { traderRoutes } from '../features/trader/routes';
import { tradingRoutes } from '../features/trading/routes';
import { verificationRoutes } from '../features/verification/routes';
import { RealOnly } from '../ui/RealOnly';

/** Routes of the signed-in group (seed section 2); each feature adds its own list here. */
export const protectedRoutes: RouteObject[] = [
  ...dashboardRoutes,
  // Real money in and out: with the practice account shown, a note and the switch to Real.
  { Component: RealOnly, children: [...depositsRoutes, ...withdrawalsRoutes] },
  ...transactionsRoutes,
  ...profileRoutes,
  ...referralRoutes,
  ...supportRoutes,
  ...plansRoutes,
  ...traderRoutes,
  ...tradingRoutes,
  ...verificationRoutes,
  ...adminRoutes,
];
