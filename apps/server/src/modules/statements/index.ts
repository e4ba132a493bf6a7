/** The statements module's face (statements and operator exports): what other modules and the app's wiring use. */
export { operatorExportRoutes } from './operator-exports.routes';
export { statementRoutes } from './statements.routes';
