/** The lead-traders module's face (lead-trader applications and a lead trader's standing): what other modules and the app's wiring use. */
export { guardLeadTrader, requireLeadTraderInStanding } from './lead-trader.standing';
export { adminTraderApplicationRoutes, traderApplicationRoutes } from './lead-traders.routes';
export { traderDisplayNames } from './lead-traders.service';
