import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';

export async function listActivePlans(db: DbOrTx) {
  return db
    .select()
    .from(plans)
    .where(isNull(plans.retiredAt))
    .orderBy(asc(plans.sortOrder), asc(plans.minCents));
}

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;

export async function listAllPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.minCents));
}

export async function insertPlan(db: DbOrTx, values: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  if (!row) throw new Error('plan insert returned no row');
  return row;
}

/** The plan, locked until the caller's transaction ends. */
export async function lockPlan(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function updatePlan(
  db: DbOrTx,
  id: string,
  values: Partial<NewPlan>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row;
}

const LINK = { id: plans.id, title: plans.title, strategyId: plans.strategyId };

/** Every plan's link to a strategy (the demo seed). */
export async function planLinks(db: DbOrTx) {
  return db.select(LINK).from(plans);
}

/**
 * The plans copying `strategyIds` (a page of the strategy directory), by plans_strategy_idx; the
 * statement unexecuted until awaited (its test reads the plan).
 */
export function planLinksOf(db: DbOrTx, strategyIds: readonly string[]) {
  return db
    .select(LINK)
    .from(plans)
    .where(inArray(plans.strategyId, [...strategyIds]));
}
