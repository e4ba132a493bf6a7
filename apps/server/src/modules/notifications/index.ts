/** In-app notifications and the e-mails that go with them, in each user's language. */
export { createAlertMails, type AlertMails } from './alert-mails';
export { notificationRoutes } from './notifications.routes';
export {
  languageOf,
  mailDueAlerts,
  notificationsOf,
  notify,
  notifyAll,
  preferencesOf,
  type Alert,
  type Announce,
} from './notifications.service';
export { recordWaysInEnded, tellWaysInEnded } from './ways-in-ended';
export type { EndedWaysIn, WaysInReason } from './ways-in-ended.mail';
