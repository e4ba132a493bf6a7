import type { z } from 'zod';
import type { auditListSchema } from '@app/shared/schemas/admin-users';
import {
  ACTIVITY_ACTIONS,
  type ActivityAction,
  type ActivityPage,
} from '@app/shared/schemas/activity';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import * as repo from './audit.repo';

export type { AuditEntry } from './audit.repo';

/**
 * Appends to the audit log in the caller's transaction. Every module audits through here (the
 * audit module owns the table).
 */
export function recordAudit(db: DbOrTx, entry: repo.AuditEntry): Promise<void> {
  return repo.recordAudit(db, entry);
}

/**
 * Appends an event on a user's account (the entry's target is that user), done by the user
 * themself (`actorId` is `userId`) or by staff.
 */
export function recordUserAudit(
  db: DbOrTx,
  userId: string,
  entry: Omit<repo.AuditEntry, 'targetType' | 'targetId'>,
): Promise<void> {
  return repo.recordAudit(db, { ...entry, targetType: 'user', targetId: userId });
}

/** One of a user's own things, as the user asked to remove it (deleteOwnRoute's DELETE /:id). */
export interface OwnRemoval {
  userId: string;
  id: string;
  ip: string;
}

/**
 * Removes one of the user's own things and audits it as done by them, in one transaction:
 * `remove` answers whether there was such a thing of theirs; when there was not, `notFound` is
 * thrown and nothing is recorded.
 */
export async function removeOwnAudited(
  ctx: AppContext,
  own: OwnRemoval,
  removal: {
    remove: (tx: DbOrTx) => Promise<boolean>;
    notFound: () => Error;
    action: repo.AuditEntry['action'];
    details: repo.AuditEntry['details'];
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await removal.remove(tx))) throw removal.notFound();
    await recordUserAudit(tx, own.userId, {
      actorId: own.userId,
      action: removal.action,
      ip: own.ip,
      details: removal.details,
    });
  });
}

/** /api/admin/audit: one page of entries, newest first, and the cursor of the next page. */
/** Whether anything was ever recorded as `action` (e.g. an admin made: dual control began). */
export function everRecorded(db: DbOrTx, action: string): Promise<boolean> {
  return repo.hasAuditEntry(db, action);
}

export async function listAudit(
  ctx: AppContext,
  query: Omit<repo.AuditFilter, 'before'> & { before?: number | undefined; limit: number },
): Promise<z.infer<typeof auditListSchema>> {
  const { before, limit, ...filter } = query;
  const rows = await repo.listAuditEntries(
    ctx.db,
    { ...filter, before: before ? BigInt(before) : undefined },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ entry, actorEmail }) => ({
      id: entry.id.toString(),
      actorId: entry.actorId,
      actorEmail,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      ip: entry.ip,
      details: entry.details as Record<string, unknown>,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? last.entry.id.toString() : null,
  };
}

/** /api/profile/activity: one page of the user's own account history, newest first. */
export async function activityOf(
  ctx: AppContext,
  userId: string,
  query: { before?: number | undefined; limit: number },
): Promise<ActivityPage> {
  const rows = await repo.activityEntries(
    ctx.db,
    userId,
    ACTIVITY_ACTIONS,
    query.before ? BigInt(query.before) : undefined,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((row) => ({
      id: row.id.toString(),
      action: row.action as ActivityAction,
      at: row.createdAt.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
    })),
    nextBefore: rows.length > query.limit && last ? last.id.toString() : null,
  };
}
