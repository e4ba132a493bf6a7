/** The practice module's face (issue 42: the practice account's start, reset and status): the app's wiring uses it. */
export { practiceRoutes } from './practice.routes';
