import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TraderApplicationStatus } from '@app/shared/schemas/lead-traders';
import type { DbOrTx } from '../../db/client';
import { traderApplications, users, type TraderApplicationRow } from '../../db/schema';

/** The user's latest application, or undefined when they never applied. */
export async function latestApplicationOf(
  db: DbOrTx,
  userId: string,
): Promise<TraderApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(traderApplications)
    .where(eq(traderApplications.userId, userId))
    .orderBy(desc(traderApplications.createdAt), desc(traderApplications.id))
    .limit(1);
  return row;
}

/** Inserts a pending application; undefined when the user already has one waiting. */
export async function insertApplication(
  db: DbOrTx,
  values: {
    userId: string;
    displayName: string;
    bio: string;
    experience: string;
    rulesAcceptedAt: Date;
    createdAt: Date;
  },
): Promise<TraderApplicationRow | undefined> {
  const [row] = await db
    .insert(traderApplications)
    .values(values)
    .onConflictDoNothing({
      target: traderApplications.userId,
      // A literal, not a parameter: under a prepared statement's generic plan PostgreSQL cannot
      // match `status = $1` to the partial unique index, and refuses the ON CONFLICT.
      where: sql`${traderApplications.status} = 'pending'`,
    })
    .returning();
  return row;
}

const withApplicant = {
  application: traderApplications,
  userName: users.name,
  userEmail: users.email,
};

/** Admin: applications with one status, oldest first (the review queue), at most `limit`. */
export function listApplications(db: DbOrTx, status: TraderApplicationStatus, limit: number) {
  return db
    .select(withApplicant)
    .from(traderApplications)
    .innerJoin(users, eq(users.id, traderApplications.userId))
    .where(eq(traderApplications.status, status))
    .orderBy(
      status === 'pending' ? asc(traderApplications.createdAt) : desc(traderApplications.decidedAt),
      asc(traderApplications.id),
    )
    .limit(limit);
}

/** One application with its applicant, locked for the decision. */
export async function lockApplication(db: DbOrTx, id: string) {
  const [row] = await db
    .select(withApplicant)
    .from(traderApplications)
    .innerJoin(users, eq(users.id, traderApplications.userId))
    .where(eq(traderApplications.id, id))
    .for('update', { of: traderApplications });
  return row;
}

export async function decideApplication(
  db: DbOrTx,
  id: string,
  values: { status: 'approved' | 'rejected'; decidedBy: string; decidedAt: Date; reason: string },
): Promise<TraderApplicationRow | undefined> {
  const [row] = await db
    .update(traderApplications)
    .set({
      status: values.status,
      decidedBy: values.decidedBy,
      decidedAt: values.decidedAt,
      decisionReason: values.reason,
    })
    .where(and(eq(traderApplications.id, id), eq(traderApplications.status, 'pending')))
    .returning();
  return row;
}

/** Display names from approved applications, latest first per user, for strategy views. */
export async function approvedDisplayNames(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.length === 0) return names;
  const rows = await db
    .select({ userId: traderApplications.userId, displayName: traderApplications.displayName })
    .from(traderApplications)
    .where(
      and(eq(traderApplications.status, 'approved'), inArray(traderApplications.userId, userIds)),
    )
    .orderBy(asc(traderApplications.decidedAt));
  for (const row of rows) names.set(row.userId, row.displayName);
  return names;
}
