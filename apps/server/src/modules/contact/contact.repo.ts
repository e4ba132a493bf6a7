import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterCursor, cursorTextOf, type Cursor } from '../../db/keyset';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(
  db: DbOrTx,
  values: typeof contactMessages.$inferInsert,
): Promise<void> {
  await db.insert(contactMessages).values(values);
}

/** Admin list: newest first, keyset-paginated, `limit` rows at most. */
export async function listContactMessages(db: DbOrTx, after: Cursor | undefined, limit: number) {
  return db
    .select({ message: contactMessages, cursorAt: cursorTextOf(contactMessages.createdAt) })
    .from(contactMessages)
    .where(after ? afterCursor(contactMessages.createdAt, contactMessages.id, after) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/** The messages one signed-in user sent to support, oldest first (their data export). */
export async function messagesOfUser(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
}
