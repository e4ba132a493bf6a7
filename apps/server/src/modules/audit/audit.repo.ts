import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuditAction } from '@app/shared/schemas/audit-actions';
import { auditLog, users } from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  /** One of the shared vocabulary's actions: the admin's audit log labels each. */
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit log in the caller's transaction (the table refuses updates and deletes). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}

/** Whether the log holds any entry of `action` (one indexed probe). */
export async function hasAuditEntry(db: DbOrTx, action: string): Promise<boolean> {
  const found = await db.execute(sql`SELECT 1 FROM audit_log WHERE action = ${action} LIMIT 1`);
  return found.rows.length > 0;
}

export interface AuditFilter {
  actorId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
  /** Entries older than this id (the page cursor). */
  before?: bigint | undefined;
}

/** Admin list: newest first, filtered, with the acting user's e-mail; `limit` rows at most. */
export async function listAuditEntries(db: DbOrTx, filter: AuditFilter, limit: number) {
  return db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
        filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
        filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.before !== undefined ? lt(auditLog.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/**
 * One user's own entries among `actions`, newest first (the target index: every one of them names
 * the user as its target), with the user agent a sign-in recorded; `limit` rows at most.
 */
export async function activityEntries(
  db: DbOrTx,
  userId: string,
  actions: readonly string[],
  before: bigint | undefined,
  limit: number,
) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      ip: auditLog.ip,
      userAgent: sql<string | null>`${auditLog.details} ->> 'userAgent'`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, userId),
        inArray(auditLog.action, [...actions]),
        before !== undefined ? lt(auditLog.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
