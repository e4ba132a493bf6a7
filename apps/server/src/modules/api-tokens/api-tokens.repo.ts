import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countRows } from '../../db/count-rows';
import { apiTokens, type ApiTokenRow } from '../../db/schema';

export async function insertToken(
  db: DbOrTx,
  values: Omit<ApiTokenRow, 'id' | 'lastUsedAt' | 'revokedAt'>,
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('api token insert returned nothing');
  return row;
}

/** The user's tokens, newest first (revoked and expired ones too, for the record). */
export async function listTokens(db: DbOrTx, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt))
    .limit(100);
}

/** A token that still opens the API at `now`: not revoked, not expired. */
const liveAt = (now: Date) => [isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)];

export function countActiveTokens(db: DbOrTx, userId: string, now: Date): Promise<number> {
  return countRows(db, apiTokens, and(eq(apiTokens.userId, userId), ...liveAt(now)));
}

/** The live token with this digest (not revoked, not expired), or undefined. */
export async function findLiveToken(
  db: DbOrTx,
  tokenHash: Buffer,
  now: Date,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), ...liveAt(now)));
  return row;
}

export async function touchToken(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

/** Revokes one of the user's tokens; false when it is not theirs or was already revoked. */
export async function revokeToken(
  db: DbOrTx,
  userId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * Revokes every token of a user that still works (not revoked, not expired); how many there were.
 */
export async function revokeAllTokens(db: DbOrTx, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.userId, userId), ...liveAt(at)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
