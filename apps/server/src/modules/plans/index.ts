/*
 * Plans' face: the routes the app wires. Plans sit above copy trading: each plan copies a strategy
 * (its link is the plan's); the app's wiring tells copy trading which plans copy what.
 */
export { adminPlanRoutes, planRoutes } from './plans.routes';
export { wirePlansIntoCopyTrading } from './plans.wiring';
