/** The audit log: every security and money event, who did it, from where; a user's activity. */
export { auditRoutes } from './audit.routes';
export {
  activityOf,
  everRecorded,
  listAudit,
  recordAudit,
  recordUserAudit,
  removeOwnAudited,
  type AuditEntry,
  type OwnRemoval,
} from './audit.service';
