/** The practice module's face (issue 42: the practice account's start, reset and status): the app's wiring uses it. */
export { practiceRoutes } from './practice.routes';
// The user's practice account as GET /api/practice shows it (the data export lists it).
export { practiceOf } from './practice.service';
