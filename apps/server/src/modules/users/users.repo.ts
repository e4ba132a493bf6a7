import {
  and,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { UserFilter } from '@app/shared/schemas/admin-users';
import type { DbOrTx } from '../../db/client';
import { countRows } from '../../db/count-rows';
import { afterCursor, cursorTextOf, escapeLike, type Cursor } from '../../db/keyset';
import { sessions, users, type UserRow } from '../../db/schema';

function filterCondition(filter: UserFilter): SQL | undefined {
  switch (filter) {
    case 'active':
      return and(eq(users.isActive, true), isNull(users.deletedAt));
    case 'pending':
      return and(eq(users.isActive, false), isNull(users.deletedAt));
    case 'admin':
      return eq(users.isAdmin, true);
    case 'trader':
      return eq(users.isTrader, true);
    case 'all':
      return undefined;
  }
}

/** Admin list: newest first, keyset-paginated, optional search on name, e-mail or referral id. */
export async function listUsers(
  db: DbOrTx,
  params: { q?: string | undefined; filter: UserFilter; after: Cursor | undefined; limit: number },
): Promise<{ row: UserRow; cursorAt: string }[]> {
  const pattern = params.q ? `%${escapeLike(params.q)}%` : null;
  return db
    .select({ row: users, cursorAt: cursorTextOf(users.createdAt) })
    .from(users)
    .where(
      and(
        filterCondition(params.filter),
        pattern
          ? or(
              ilike(users.name, pattern),
              ilike(users.email, pattern),
              ilike(users.referralId, pattern),
            )
          : undefined,
        params.after ? afterCursor(users.createdAt, users.id, params.after) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(params.limit);
}

export async function findAnyUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Locks the row so two admins acting on one user take turns. */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The user row under a share lock: a deletion (FOR UPDATE) waits for the holder, or is seen. */
export async function shareLockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('share');
  return row;
}

export function countActiveAdmins(db: DbOrTx): Promise<number> {
  return countRows(db, users, and(eq(users.isAdmin, true), isNull(users.deletedAt)));
}

/** Admins other than `exceptId` who could approve today (active, two-factor on, not deleted). */
export function countOtherCheckers(db: DbOrTx, exceptId: string): Promise<number> {
  const couldApprove = and(
    eq(users.isAdmin, true),
    eq(users.isActive, true),
    isNotNull(users.totpEnabledAt),
    isNull(users.deletedAt),
    ne(users.id, exceptId),
  );
  return countRows(db, users, couldApprove);
}

export async function listReferredUsers(
  db: DbOrTx,
  referralId: string,
  q?: string,
): Promise<Pick<UserRow, 'id' | 'name' | 'email' | 'isActive' | 'createdAt'>[]> {
  const pattern = q ? `%${escapeLike(q)}%` : null;
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        eq(users.referrerId, referralId),
        isNull(users.deletedAt),
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(500);
}

export async function listUserSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** One text column of each user by id. */
async function textById(
  db: DbOrTx,
  ids: string[],
  column: typeof users.name | typeof users.email,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, value: column })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.value]));
}

/** Display names by user id (a lead trader's name on a strategy). */
export function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  return textById(db, ids, users.name);
}

/** E-mail addresses by user id (the back office's lists). */
export function userEmails(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  return textById(db, ids, users.email);
}
