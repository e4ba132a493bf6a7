/** The account module's face (the user's account: the dashboard's figures, adjustments, closing an account, the admin's account routes on a user): what other modules and the app's wiring use. */
export { accountClosureRoutes } from './account-closure.routes';
export { accountRoutes, adminUserAccountRoutes } from './account.routes';
export { registerAdjustmentApprovals } from './adjustments.service';
