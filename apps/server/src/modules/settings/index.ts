/** The settings module's face (operator settings (and their dual control)): what other modules and the app's wiring use. */
export { adminSettingsRoutes } from './settings.routes';
export { requirePractice } from './practice.gate';
export {
  appropriatenessRequired,
  documentRetentionDays,
  fourEyesThresholdCents,
  getSetting,
  practiceSetting,
  registerSettingApprovals,
  traderFeeBounds,
  verificationRequired,
} from './settings.service';
