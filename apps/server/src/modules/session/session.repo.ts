import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { hasRow } from '../../db/has-row';
import { preparedPer } from '../../db/performance';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';

// The users and sessions tables: who an account is and which sessions speak for it.
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

/** The user with this address, a deleted one included (its address stays taken). */
export async function findAnyUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** The user's row, locked until the transaction ends. */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** The account whose referral id a referred user signed up with, a deleted one included. */
export async function findReferrer(db: DbOrTx, referralId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralId, referralId));
  return row;
}

export function referralIdExists(db: DbOrTx, referralId: string): Promise<boolean> {
  return hasRow(db, users, eq(users.referralId, referralId));
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

// Sessions -----------------------------------------------------------------------------------

export async function insertSession(
  db: DbOrTx,
  values: {
    tokenHash: Buffer;
    userId: string;
    userAgent: string | null;
    ip: string | null;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A session that still speaks for its user at `now`: not revoked, not expired. */
const liveAt = (now: Date) => [isNull(sessions.revokedAt), gt(sessions.expiresAt, now)];

/**
 * Makes room for one more session of `userId` under `max` live ones (not revoked, not expired,
 * used since `idleSince`): ends the oldest beyond the newest `max - 1`, and returns their ids.
 * Session starts of one user are serialised by a transaction-level advisory lock taken first, so
 * parallel sign-ins in their own transactions count each other's sessions and never exceed `max`.
 * The lock is the caller's transaction's: call it inside the transaction that inserts the session.
 */
export async function endSessionsOverLimit(
  db: DbOrTx,
  params: { userId: string; max: number; now: Date; idleSince: Date },
): Promise<string[]> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sessions:${params.userId}`}, 0))`,
  );
  const oldest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, params.userId),
        ...liveAt(params.now),
        gte(sessions.lastSeenAt, params.idleSince),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .offset(params.max - 1);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: params.now })
    .where(and(inArray(sessions.id, oldest), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

// Read on every request: prepared once per handle, so the SQL is not rebuilt each time.
const sessionByDigest = preparedPer((db: DbOrTx) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .prepare('session_by_digest'),
);

/** The live session for a cookie digest, with its user; expiry rules are applied by the caller. */
export async function findSessionByDigest(
  db: DbOrTx,
  tokenHash: Buffer,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await sessionByDigest(db).execute({ tokenHash });
  return row;
}

/** The user's session `id` while it is live (not revoked, not expired), or undefined. */
export async function findLiveSession(
  db: DbOrTx,
  userId: string,
  id: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), ...liveAt(now)));
  return row;
}

/** The sessions among `ids` that are not revoked, with their users (not deleted). */
export async function findLiveSessionsByIds(
  db: DbOrTx,
  ids: string[],
): Promise<{ session: SessionRow; user: UserRow }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), isNull(users.deletedAt)));
}

export async function touchSession(db: DbOrTx, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeAllSessions(
  db: DbOrTx,
  userId: string,
  at: Date,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** Every session the user ever had, ended ones too, newest first (their data export). */
export async function listAllSessions(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
}

export async function listLiveSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ...liveAt(now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Accepts a TOTP time step only if it is newer than the last one accepted (no replay). */
export async function acceptTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Points the user at avatar file `name` (or at none) and returns the file they pointed at before,
 * read under the row lock, so two uploads racing each learn the file they replaced and none is
 * orphaned.
 */
export async function swapAvatar(
  db: DbOrTx,
  userId: string,
  name: string | null,
): Promise<{ previous: string | null } | null> {
  const result = await db.execute<{ previous: string | null }>(sql`
    UPDATE users AS u SET avatar_path = ${name}, updated_at = now()
    FROM (SELECT id, avatar_path FROM users WHERE id = ${userId} FOR UPDATE) AS old
    WHERE u.id = old.id
    RETURNING old.avatar_path AS previous`);
  const [row] = result.rows;
  return row ? { previous: row.previous } : null;
}

/** What an actor's standing is now, its users row locked FOR NO KEY UPDATE (see standing.ts). */
export interface ActorStanding extends Record<string, unknown> {
  is_active: boolean;
  is_admin: boolean;
  is_trader: boolean;
  two_factor: boolean;
  deleted: boolean;
  revoked_at: Date | string | null;
  expires_at: Date | string;
  last_seen_at: Date | string | null;
}

/**
 * The actor's users row locked FOR NO KEY UPDATE and its session (or personal API token) row FOR
 * SHARE, with what they say of its standing; undefined when the session is not the user's.
 */
export async function lockActorStanding(
  tx: Tx,
  actor: { userId: string; sessionId?: string; apiTokenId?: string },
): Promise<ActorStanding | undefined> {
  const result =
    actor.apiTokenId !== undefined
      ? await tx.execute<ActorStanding>(sql`
          SELECT u.is_active, u.is_admin, u.is_trader, u.totp_enabled_at IS NOT NULL AS two_factor,
                 u.deleted_at IS NOT NULL AS deleted, t.revoked_at, t.expires_at, NULL AS last_seen_at
          FROM users u JOIN api_tokens t ON t.id = ${actor.apiTokenId} AND t.user_id = u.id
          WHERE u.id = ${actor.userId}
          FOR NO KEY UPDATE OF u FOR SHARE OF t`)
      : await tx.execute<ActorStanding>(sql`
          SELECT u.is_active, u.is_admin, u.is_trader, u.totp_enabled_at IS NOT NULL AS two_factor,
                 u.deleted_at IS NOT NULL AS deleted, s.revoked_at, s.expires_at, s.last_seen_at
          FROM users u JOIN sessions s ON s.id = ${actor.sessionId ?? null} AND s.user_id = u.id
          WHERE u.id = ${actor.userId}
          FOR NO KEY UPDATE OF u FOR SHARE OF s`);
  return result.rows[0];
}
