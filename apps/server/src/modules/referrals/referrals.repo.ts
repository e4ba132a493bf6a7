import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hasRow } from '../../db/has-row';
import { referralBonuses } from './referrals.schema';

/** Whether the bonus for this referred person was already paid (at most once each). */
export function bonusPaidFor(db: DbOrTx, referredUserId: string): Promise<boolean> {
  return hasRow(db, referralBonuses, eq(referralBonuses.referredUserId, referredUserId));
}

export async function insertReferralBonus(
  db: DbOrTx,
  values: typeof referralBonuses.$inferInsert,
): Promise<void> {
  await db.insert(referralBonuses).values(values);
}
