/** The approvals module's face (four-eyes requests, the decision routes and the registry of approval handlers): what other modules and the app's wiring use. */
export {
  createApprovalHandlers,
  type ApprovalHandler,
  type ApprovalHandlers,
  type ApprovedBy,
} from './approval-handlers';
export { announceApprovalChange } from './approvals.common';
export {
  askSecondAdmin,
  askSecondAdminToChange,
  movedAloneCents,
  pendingApprovalOf,
  settingKeyOf,
} from './approvals.requests';
export { adminApprovalRoutes } from './approvals.routes';
export { decisionRoutes } from './decision-routes';
export { SOLO_WINDOW_MS, needsSecondAdmin, thresholdFrom } from './domain/four-eyes';
export {
  SelfDecisionError,
  adminDecision,
  auditingSelfDecisions,
  refusedSelfDecision,
  type AdminDecisionRequest,
} from './self-decision';
