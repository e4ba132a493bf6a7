/** The withdrawals module's face (withdrawals, their fee schedule and quote): what other modules and the app's wiring use. */
export {
  adminDevPayoutRoutes,
  adminWithdrawalRoutes,
  feeScheduleRoute,
  withdrawalQuoteRoute,
  withdrawalRoutes,
} from './withdrawals.routes';
export { registerPayoutApprovals } from './withdrawals.service';
