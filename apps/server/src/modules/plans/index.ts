/*
 * Plans' face: the routes the app wires. Plans sit above copy trading: each plan copies a strategy
 * (its link is the plan's), and wiring the routes tells copy trading which plans copy what.
 */
export { adminPlanRoutes, planRoutes } from './plans.routes';
