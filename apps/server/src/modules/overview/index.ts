/** The overview module's face (the admin's overview): what other modules and the app's wiring use. */
export { overviewRoutes } from './overview.routes';
export { overviewFiguresFoldJob } from './overview.jobs';
