import { isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** Every avatar file name some user points at. */
export async function referencedAvatars(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ name: users.avatarPath })
    .from(users)
    .where(isNotNull(users.avatarPath));
  return new Set(rows.flatMap((row) => (row.name ? [row.name] : [])));
}
