/** The users module's face (people: accounts as rows, admin user operations, avatar files): what other modules and the app's wiring use. */
export {
  avatarDir,
  isAvatarName,
  removeAvatar,
  storeAvatar,
  sweepOrphanAvatars,
} from './avatar-files';
export { adminUserRoutes } from './users.routes';
export {
  LEDGER_RETENTION_YEARS,
  activate,
  closeOwnAccount,
  lockLiveUser,
  lockUserAsLeadTrader,
  referredUsers,
  registerAdminGrantApprovals,
  requireUndeletedOwner,
  userDetail,
  userEmails,
  userNames,
  type ActivationSteps,
  type AdminActor,
} from './users.service';
