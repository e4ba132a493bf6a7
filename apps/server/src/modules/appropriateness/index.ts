/** The appropriateness module's face (the appropriateness questionnaire and the check before a new trade): what other modules and the app's wiring use. */
export { adminAppropriatenessRoutes, appropriatenessRoutes } from './appropriateness.routes';
export { ownAssessments, requireAppropriatenessForNewTrade } from './appropriateness.service';
