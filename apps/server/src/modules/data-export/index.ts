/** The data-export module's face (a user's personal-data export): what other modules and the app's wiring use. */
export { dataExportRoutes } from './data-export.routes';
