/** The deposits module's face (deposits and their admin decisions): what other modules and the app's wiring use. */
export { adminDepositRoutes, depositRoutes } from './deposits.routes';
export { registerDepositApprovals } from './deposits.service';
