import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { referralBonuses } from './referrals.schema';

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
