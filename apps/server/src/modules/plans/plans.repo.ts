import { asc, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';

export async function listActivePlans(db: DbOrTx) {
  return db
    .select()
    .from(plans)
    .where(isNull(plans.retiredAt))
    .orderBy(asc(plans.sortOrder), asc(plans.minCents));
}
