/** The payment-methods module's face (payment methods and their fee terms): what other modules and the app's wiring use. */
export { feeTermsOf, methodLabel } from './payment-method.view';
export { adminPaymentMethodRoutes, paymentMethodRoutes } from './payment-methods.routes';
export { ensureDevRailMethod, seedDemoPaymentMethods } from './payment-methods.seed';
export { type RailCatalog } from './rails';
export {
  activeMethodRows,
  demoMethodNames,
  findActiveMethod,
  findPayoutMethod,
  registerPaymentMethodApprovals,
  type PaymentMethodRow,
} from './payment-methods.service';
