import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { referralBonuses } from './referrals.schema';

/** The account whose referral id a referred user signed up with. */
export async function findReferrer(db: DbOrTx, referralId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralId, referralId));
  return row;
}

/** Whether the bonus for this referred person was already paid (at most once each). */
export async function bonusPaidFor(db: DbOrTx, referredUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: referralBonuses.referredUserId })
    .from(referralBonuses)
    .where(eq(referralBonuses.referredUserId, referredUserId));
  return row !== undefined;
}

export async function insertReferralBonus(
  db: DbOrTx,
  values: typeof referralBonuses.$inferInsert,
): Promise<void> {
  await db.insert(referralBonuses).values(values);
}
