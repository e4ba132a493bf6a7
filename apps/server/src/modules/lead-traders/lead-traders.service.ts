import type {
  AdminTraderApplication,
  MyTraderApplication,
  TraderApplication,
  TraderApplicationInput,
  TraderApplicationStatus,
} from '@app/shared/schemas/lead-traders';
import type { AppContext } from '../../context';
import type { TraderApplicationRow, UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { auditingSelfDecisions, SelfDecisionError } from '../approvals';
import { recordAudit } from '../audit';
import { requireActiveAccount } from '../ledger';
import * as usersService from '../users';
import * as repo from './lead-traders.repo';

/**
 * The lead-trader programme's applications (issue 18): a signed-in, active user applies; an admin
 * approves (the user becomes a lead trader through the users module) or rejects, with a reason.
 * Both are audited. A rejected applicant may apply again; one application waits at a time.
 */

function applicationView(row: TraderApplicationRow): TraderApplication {
  return {
    id: row.id,
    status: row.status,
    displayName: row.displayName,
    bio: row.bio,
    experience: row.experience,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

function adminView(row: {
  application: TraderApplicationRow;
  userName: string;
  userEmail: string;
}): AdminTraderApplication {
  return {
    ...applicationView(row.application),
    userId: row.application.userId,
    userName: row.userName,
    userEmail: row.userEmail,
  };
}

export async function myApplication(ctx: AppContext, user: UserRow): Promise<MyTraderApplication> {
  const row = await repo.latestApplicationOf(ctx.db, user.id);
  return { application: row ? applicationView(row) : null, isTrader: user.isTrader };
}

export async function apply(
  ctx: AppContext,
  user: UserRow,
  input: TraderApplicationInput & { acceptRules: true },
  ip: string,
): Promise<MyTraderApplication> {
  requireActiveAccount(user);
  if (user.isTrader) throw refusal('ALREADY_LEAD_TRADER');
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertApplication(tx, {
      userId: user.id,
      displayName: input.displayName,
      bio: input.bio,
      experience: input.experience,
      rulesAcceptedAt: now,
      createdAt: now,
    });
    if (!inserted) throw refusal('TRADER_APPLICATION_PENDING');
    await recordAudit(tx, {
      actorId: user.id,
      action: 'trader_application.submitted',
      targetType: 'trader_application',
      targetId: inserted.id,
      ip,
    });
    return inserted;
  });
  ctx.realtime.publish('admin', { type: 'users.changed', data: { id: user.id } });
  return { application: applicationView(row), isTrader: false };
}

export async function listApplications(
  ctx: AppContext,
  status: TraderApplicationStatus,
): Promise<{ applications: AdminTraderApplication[] }> {
  const rows = await repo.listApplications(ctx.db, status, 200);
  return { applications: rows.map(adminView) };
}

/**
 * Approves or rejects a pending application with the admin's reason. Approving makes the
 * applicant a lead trader (users module). An admin never decides on their own application.
 */
export function decideApplication(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  outcome: 'approved' | 'rejected',
  reason: string,
  ip: string,
): Promise<{ application: AdminTraderApplication }> {
  const actor = { adminId: admin.id, ip };
  return auditingSelfDecisions(ctx, actor, async () => {
    const now = ctx.clock.now();
    const view = await ctx.db.transaction(async (tx) => {
      const found = await repo.lockApplication(tx, id);
      if (!found) throw refusal('TRADER_APPLICATION_NOT_FOUND');
      if (found.application.status !== 'pending') {
        throw refusal('TRADER_APPLICATION_ALREADY_DECIDED');
      }
      const { userId } = found.application;
      if (userId === admin.id) {
        throw new SelfDecisionError(`trader_application.${outcome}`, 'trader_application', id);
      }
      if (outcome === 'approved') {
        const user = await usersService.lockUserAsLeadTrader(tx, userId);
        if (!user) throw refusal('USER_NOT_FOUND');
      }
      const decided = await repo.decideApplication(tx, id, {
        status: outcome,
        decidedBy: admin.id,
        decidedAt: now,
        reason,
      });
      if (!decided) throw refusal('TRADER_APPLICATION_ALREADY_DECIDED');
      await recordAudit(tx, {
        actorId: admin.id,
        action:
          outcome === 'approved' ? 'trader_application.approved' : 'trader_application.rejected',
        targetType: 'user',
        targetId: userId,
        ip,
        details: { applicationId: id, reason },
      });
      return adminView({ ...found, application: decided });
    });
    // The applicant's role changed: this instance's next request of theirs reads it afresh
    // (other instances hear the database's user_changed notice).
    if (outcome === 'approved') ctx.caches.sessions.forgetUser(view.userId);
    ctx.realtime.publish(`user:${view.userId}`, { type: 'account.changed' });
    ctx.realtime.publish('admin', { type: 'users.changed', data: { id: view.userId } });
    return { application: view };
  });
}

/** The public names lead traders chose when they applied (for strategy views). */
export function traderDisplayNames(ctx: AppContext, userIds: string[]) {
  return repo.approvedDisplayNames(ctx.db, userIds);
}
