import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { everRecorded, recordUserAudit } from '../audit';
// Above auth: staff ending access and the closing of an account end its sign-in links and its
// other ways in (auth imports nothing of users).
import { endOtherWaysIn, revokeAuthTokens } from '../auth';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { brandOf, enqueueMail, mailTemplates } from '../mail';
import type { Approval } from '@app/shared/schemas/approvals';
import type { AuditAction } from '@app/shared/schemas/audit-actions';
import {
  type ApprovalHandlers,
  announceApprovalChange,
  askSecondAdmin,
  auditingSelfDecisions,
  SelfDecisionError,
} from '../approvals';
import type { AdminApprovers, UserFilter } from '@app/shared/schemas/admin-users';
import { decodeCursor, keysetPage } from '../../db/keyset';
import { revokeAllSessions, updateUser } from '../session';
import { removeAvatar } from './avatar-files';
import * as repo from './users.repo';
import { toAdminUser } from '../session';

export interface AdminActor {
  adminId: string;
  ip: string;
}

/** The audit entry of a staff action on a user's account. */
function auditStaffAction(
  tx: DbOrTx,
  actor: AdminActor,
  userId: string,
  action: AuditAction,
  details?: Record<string, unknown>,
): Promise<void> {
  return recordUserAudit(tx, userId, { actorId: actor.adminId, action, ip: actor.ip, details });
}

async function withLockedUser<T>(
  ctx: AppContext,
  userId: string,
  work: (tx: Tx, user: UserRow) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user || user.deletedAt) throw refusal('USER_NOT_FOUND');
    return work(tx, user);
  });
  ctx.mailer.kick();
  ctx.realtime.publish(`user:${userId}`, { type: 'account.changed' });
  ctx.realtime.publish('admin', { type: 'users.changed', data: { id: userId } });
  return result;
}

/**
 * What an activation runs besides the user's row, inside its transaction under the user's lock
 * (given by the modules above: verification's review and rule, the referrer's bonus).
 */
export interface ActivationSteps {
  /** Runs first, even for an active user, so an approval and the activation commit together. */
  review?: (tx: Tx, user: UserRow) => Promise<void>;
  /** Refuses activating a user who is not active yet (VERIFICATION_REQUIRED...). */
  mayActivate?: (tx: Tx, user: UserRow) => Promise<void>;
  /** On the first activation only: returns what to announce after the commit, if anything. */
  firstActivation?: (tx: Tx, user: UserRow) => Promise<(() => void) | null>;
}

/**
 * Activates an account, with `steps` (see ActivationSteps). Never one's own account, and never an
 * activation that would pay the acting admin a referral bonus (a self-decision either way).
 */
export async function activate(
  ctx: AppContext,
  actor: AdminActor,
  userId: string,
  steps: ActivationSteps,
): Promise<void> {
  const announceBonus = await auditingSelfDecisions(ctx, actor, () =>
    withLockedUser(ctx, userId, async (tx, user) => {
      if (user.id === actor.adminId) throw new SelfDecisionError('user.activate', 'user', user.id);
      if (steps.review) await steps.review(tx, user);
      if (user.isActive) return null;
      if (steps.mayActivate) await steps.mayActivate(tx, user);
      const now = ctx.clock.now();
      await updateUser(tx, user.id, {
        isActive: true,
        activatedAt: user.activatedAt ?? now,
      });
      // Only the first activation counts as first (the row lock makes "first" exact).
      const bonus =
        user.activatedAt === null && steps.firstActivation
          ? await steps.firstActivation(tx, user)
          : null;
      await enqueueMail(tx, user.email, mailTemplates.accountActivated(brandOf(ctx), user.name));
      await auditStaffAction(tx, actor, user.id, 'user.activated');
      return bonus;
    }),
  );
  announceBonus?.();
}

export function deactivate(ctx: AppContext, actor: AdminActor, userId: string): Promise<void> {
  return withLockedUser(ctx, userId, async (tx, user) => {
    if (user.id === actor.adminId) throw refusal('CANNOT_DEACTIVATE_SELF');
    if (!user.isActive) return;
    await updateUser(tx, user.id, { isActive: false });
    await auditStaffAction(tx, actor, user.id, 'user.deactivated');
  });
}

/**
 * Whether `adminId` may appoint another admin alone: nobody else could approve (no other active
 * admin with two-factor sign-in) and no admin was ever appointed — a new install's first admin
 * appointing the second. Otherwise making an admin waits for a second admin (docs/security.md V8).
 */
async function canAppointAlone(db: DbOrTx, adminId: string): Promise<boolean> {
  return (
    (await repo.countOtherCheckers(db, adminId)) === 0 &&
    !(await everRecorded(db, 'user.made_admin'))
  );
}

/** GET /api/admin/users/approvers: who could approve what waits for a second admin, for `adminId`. */
export async function approvers(ctx: AppContext, adminId: string): Promise<AdminApprovers> {
  const [admins, otherApprovers, alone] = await Promise.all([
    repo.countActiveAdmins(ctx.db),
    repo.countOtherCheckers(ctx.db, adminId),
    canAppointAlone(ctx.db, adminId),
  ]);
  return { admins, otherApprovers, canAppointAlone: alone };
}

/**
 * Making someone an admin widens who can act alone: it waits for a second admin (an admin_grant
 * approval, 202), so one admin cannot make an accomplice. Null when done at once: they are an
 * admin already, or this is a new install's first admin appointing the second (no other admin
 * could approve, and nobody was ever made an admin). Once a second admin was made, never alone
 * again: an admin who removed the others cannot then appoint an accomplice by themselves.
 */
export async function makeAdmin(
  ctx: AppContext,
  actor: AdminActor,
  userId: string,
): Promise<{ approval: Approval } | null> {
  const asked = await withLockedUser(ctx, userId, async (tx, user) => {
    if (user.isAdmin) return null;
    if (await canAppointAlone(tx, actor.adminId)) {
      await updateUser(tx, user.id, { isAdmin: true });
      await auditStaffAction(tx, actor, user.id, 'user.made_admin', {
        alone: 'the first admin appointing the second',
      });
      return null;
    }
    const approval = await askSecondAdmin(
      tx,
      {
        kind: 'admin_grant',
        userId: user.id,
        amountCents: 0n,
        bucket: null,
        reason: null,
        transactionId: null,
        requestedBy: actor.adminId,
        requestedAt: ctx.clock.now(),
      },
      { ip: actor.ip, targetType: 'user', targetId: user.id },
    );
    return { approval };
  });
  if (asked) announceApprovalChange(ctx, null);
  return asked;
}

/** An admin grant a second admin approved makes its user an admin (grantAdmin). */
export function registerAdminGrantApprovals(handlers: ApprovalHandlers): void {
  handlers.handle('admin_grant', async (ctx, tx, approval, by) => {
    if (approval.userId === null) throw new Error(`approval ${approval.id} has no user`);
    await grantAdmin(ctx, tx, approval.userId, by);
    return { row: null, announce: () => {} };
  });
}

/** The checker's half of an admin grant (registerAdminGrantApprovals), audited with both admins. */
export async function grantAdmin(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  by: { adminId: string; ip: string; requestedBy: string; approvalId: string },
): Promise<void> {
  const user = await repo.lockUser(tx, userId);
  if (!user || user.deletedAt) throw refusal('USER_NOT_FOUND');
  if (user.isAdmin) return;
  await updateUser(tx, user.id, { isAdmin: true });
  await recordUserAudit(tx, user.id, {
    actorId: by.adminId,
    action: 'user.made_admin',
    ip: by.ip,
    details: { requestedBy: by.requestedBy, approvedBy: by.adminId, approvalId: by.approvalId },
  });
  ctx.realtime.publish(`user:${userId}`, { type: 'account.changed' });
  ctx.realtime.publish('admin', { type: 'users.changed', data: { id: userId } });
}

/** Taking admin rights away narrows who can act: one admin may (never their own, never the last). */
export function removeAdmin(ctx: AppContext, actor: AdminActor, userId: string): Promise<void> {
  return withLockedUser(ctx, userId, async (tx, user) => {
    if (!user.isAdmin) return;
    if (user.id === actor.adminId) throw refusal('CANNOT_REMOVE_OWN_ADMIN');
    if ((await repo.countActiveAdmins(tx)) <= 1) throw refusal('LAST_ADMIN');
    await updateUser(tx, user.id, { isAdmin: false });
    await auditStaffAction(tx, actor, user.id, 'user.admin_removed');
  });
}

export function setTrader(
  ctx: AppContext,
  actor: AdminActor,
  userId: string,
  isTrader: boolean,
): Promise<void> {
  return auditingSelfDecisions(ctx, actor, () =>
    withLockedUser(ctx, userId, async (tx, user) => {
      // A lead trader earns performance fees: an admin never makes themselves one.
      if (isTrader && user.id === actor.adminId) {
        throw new SelfDecisionError('user.make_trader', 'user', user.id);
      }
      if (user.isTrader === isTrader) return;
      await updateUser(tx, user.id, { isTrader });
      await auditStaffAction(
        tx,
        actor,
        user.id,
        isTrader ? 'user.made_trader' : 'user.trader_removed',
      );
    }),
  );
}

export function updateContact(
  ctx: AppContext,
  actor: AdminActor,
  userId: string,
  input: { phone: string; country: string },
): Promise<void> {
  return withLockedUser(ctx, userId, async (tx, user) => {
    if (user.phone === input.phone && user.country === input.country) throw refusal('NO_CHANGES');
    await updateUser(tx, user.id, input);
    await auditStaffAction(tx, actor, user.id, 'user.updated', {
      from: { phone: user.phone, country: user.country },
      to: input,
    });
  });
}

export function revokeSessions(ctx: AppContext, actor: AdminActor, userId: string): Promise<void> {
  return withLockedUser(ctx, userId, async (tx, user) => {
    await revokeAllSessions(tx, user.id, ctx.clock.now());
    // Ending every way in includes the personal API tokens and the linked provider accounts.
    await endOtherWaysIn(ctx, tx, user, {
      reason: 'sessions_revoked',
      actorId: actor.adminId,
      ip: actor.ip,
    });
    await auditStaffAction(tx, actor, user.id, 'user.sessions_revoked');
  });
}

/**
 * The one anonymisation of a person, for an admin's delete and for an owner closing their own
 * account: name, address, phone, country, picture and secrets go; sign-in is disabled, every
 * session and outstanding link ends. The ledger, transactions and audit trail stay as they were
 * (docs/data-retention.md). Runs in the caller's transaction, on the locked row; returns the
 * avatar file to remove once it commits.
 */
async function anonymise(
  ctx: AppContext,
  tx: Tx,
  user: UserRow,
  actor: { actorId: string; ip: string | null },
): Promise<string | null> {
  const now = ctx.clock.now();
  await updateUser(tx, user.id, {
    name: 'Deleted user',
    email: `deleted+${user.id}@invalid.local`,
    phone: '-',
    country: '-',
    passwordHash: await hashPassword(crypto.randomBytes(32).toString('hex')),
    totpSecret: null,
    totpEnabledAt: null,
    avatarPath: null,
    isActive: false,
    isAdmin: false,
    isTrader: false,
    deletedAt: now,
  });
  await revokeAllSessions(tx, user.id, now);
  await revokeAuthTokens(
    tx,
    user.id,
    ['recovery', 'verify_email', 'change_email', 'magic_link'],
    now,
  );
  // No other way in stays: personal API tokens stop working, provider accounts are unlinked.
  await endOtherWaysIn(ctx, tx, user, { reason: 'account_closed', ...actor });
  return user.avatarPath;
}

/**
 * "Delete" keeps the books: the person's data is anonymised and sign-in disabled, while the
 * ledger, transactions and audit trail stay as they were.
 */
export async function deleteUser(
  ctx: AppContext,
  actor: AdminActor,
  userId: string,
): Promise<void> {
  const avatar = await withLockedUser(ctx, userId, async (tx, user) => {
    if (user.id === actor.adminId) throw refusal('CANNOT_DELETE_SELF');
    if (user.isAdmin && (await repo.countActiveAdmins(tx)) <= 1) throw refusal('LAST_ADMIN');
    const avatarPath = await anonymise(ctx, tx, user, { actorId: actor.adminId, ip: actor.ip });
    await auditStaffAction(tx, actor, user.id, 'user.deleted');
    return avatarPath;
  });
  // After the commit: the picture is personal data too, and no row points at it any more.
  await removeAvatar(ctx.config.dataDir, avatar);
}

/** How long the books of a closed account are kept (docs/data-retention.md). */
export const LEDGER_RETENTION_YEARS = 10;

/**
 * The owner closes their own account with their password: under the user's lock `mayClose`
 * refuses while money is at work, on its way or left (the account module's rule); otherwise
 * anonymised as an admin's delete does, every session ended, audited, and a confirmation sent to
 * the address it had.
 */
export async function closeOwnAccount(
  ctx: AppContext,
  user: UserRow,
  request: { password: string; ip: string },
  mayClose: (locked: UserRow) => Promise<void>,
): Promise<void> {
  const { ip } = request;
  if (!(await verifyPassword(user.passwordHash, request.password)))
    throw refusal('PASSWORD_INCORRECT', {}, 'password');
  const avatar = await withLockedUser(ctx, user.id, async (tx, locked) => {
    // Read once the row is locked (two closes cannot interleave).
    await mayClose(locked);
    await enqueueMail(
      tx,
      locked.email,
      mailTemplates.accountClosed(
        brandOf(ctx),
        locked.name,
        LEDGER_RETENTION_YEARS,
        ctx.config.supportEmail,
      ),
    );
    await recordUserAudit(tx, locked.id, {
      actorId: locked.id,
      action: 'user.closed',
      ip,
    });
    return anonymise(ctx, tx, locked, { actorId: locked.id, ip });
  });
  ctx.caches.sessions.forgetUser(user.id);
  await removeAvatar(ctx.config.dataDir, avatar);
}

/** Display names by user id, for another module's views (a strategy's lead trader). */
/** Staff lists: the e-mail of each user by id (a deleted user's anonymised one). */
export function userEmails(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  return repo.userEmails(ctx.db, [...new Set(ids)]);
}

export function userNames(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  return repo.userNames(ctx.db, ids);
}

/**
 * For the copy-trading module, inside its transaction: the user about to lead a strategy, locked,
 * given the lead-trader role if they lacked it. Undefined when there is no such (undeleted) user.
 */
export async function lockUserAsLeadTrader(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const user = await lockLiveUser(tx, userId);
  if (user && !user.isTrader) await updateUser(tx, user.id, { isTrader: true });
  return user;
}

/**
 * For the copy-trading module, inside its transaction: the user, locked, as they are (a strategy
 * is created only for someone who already holds the lead-trader role). Undefined when there is no
 * such (undeleted) user.
 */
export async function lockLiveUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const user = await repo.lockUser(tx, userId);
  return user && !user.deletedAt ? user : undefined;
}

/**
 * For a money decision on a user's account (a payout, a deposit approval, an adjustment), inside
 * its transaction: refused ACCOUNT_DELETED when the owner was deleted (anonymised; an admin's
 * delete does not wait for pending money). The row is share-locked, so a deletion at the same
 * instant either waits for the decision or is seen by it. Rejecting stays possible: it only
 * releases what was held.
 */
export async function requireUndeletedOwner(tx: Tx, userId: string): Promise<void> {
  const owner = await repo.shareLockUser(tx, userId);
  if (!owner || owner.deletedAt) throw refusal('ACCOUNT_DELETED');
}

/** /api/admin/users: one page of the list, newest first, and the cursor of the next page. */
export async function listUsers(
  ctx: AppContext,
  query: { q?: string | undefined; filter: UserFilter; cursor?: string | undefined; limit: number },
) {
  const { q, filter, cursor, limit } = query;
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (cursor && !after) throw refusal('INVALID_CURSOR', {}, 'cursor');
  const rows = await repo.listUsers(ctx.db, { q, filter, after, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (item) => ({
    createdAt: item.cursorAt,
    id: item.row.id,
  }));
  return { users: page.map((item) => toAdminUser(item.row)), nextCursor };
}

/**
 * One user for the admin: the account, the people they referred, live sessions and balances
 * (`summaryOf`, the account module's, read alongside).
 */
export async function userDetail<Summary>(
  ctx: AppContext,
  id: string,
  summaryOf: (userId: string) => Promise<Summary>,
) {
  const user = await repo.findAnyUserById(ctx.db, id);
  if (!user) throw refusal('USER_NOT_FOUND');
  const [referrals, sessions, accountSummary] = await Promise.all([
    repo.listReferredUsers(ctx.db, user.referralId),
    repo.listUserSessions(ctx.db, user.id, ctx.clock.now()),
    summaryOf(user.id),
  ]);
  return {
    user: toAdminUser(user),
    referrals: referrals.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    sessions: sessions.map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
    summary: accountSummary,
  };
}

/** The people who joined with `referralId`'s link (the referrer's own list, optionally searched). */
export function referredUsers(ctx: AppContext, referralId: string, q?: string) {
  return repo.listReferredUsers(ctx.db, referralId, q);
}
