/** The verification module's face (identity verification and the activation it leads to): what other modules and the app's wiring use. */
export { activateAccount } from './activation';
export { adminVerificationRoutes, verificationRoutes } from './verification.routes';
export {
  documentRetentionJob,
  myVerification,
  orphanDocumentSweepJob,
} from './verification.service';
