import { isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Points the user at `name` (or at no avatar) and returns the file they pointed at before, read
 * under the row lock, so two uploads racing each learn the file they replaced and none is orphaned.
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

/** Every avatar file name some user points at. */
export async function referencedAvatars(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ name: users.avatarPath })
    .from(users)
    .where(isNotNull(users.avatarPath));
  return new Set(rows.flatMap((row) => (row.name ? [row.name] : [])));
}
