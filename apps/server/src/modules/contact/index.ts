/** The contact module's face (the contact form and the support messages): what other modules and the app's wiring use. */
export { contactRoutes } from './contact.routes';
export { supportMessagesOf } from './contact.service';
export { contactMessageRoutes } from './messages.routes';
