import type { DemoTraderId } from '@app/shared/schemas/strategies';
import type { DbOrTx } from '../../db/client';
import type { SeededDemoStrategies } from '../copy-trading';
import * as repo from './plans.repo';

/** Each seeded plan copies its own demo strategy, so no two plans share copiers. */
const DEMO_PLAN_LINKS: Record<string, DemoTraderId> = {
  Basic: 'majors-basket',
  Silver: 'trend-following',
  Gold: 'mean-reversion',
  Platinum: 'bitcoin-reserve',
};

/**
 * Links of earlier versions' seed: Platinum copied the Majors Basket with Basic. A plan still on
 * such a link moves to its own strategy when that strategy is created.
 */
const SUPERSEDED_DEMO_LINKS: Record<string, DemoTraderId> = {
  Platinum: 'majors-basket',
};

/**
 * Once the demo strategies exist (in their seeding transaction): seeded plans without a strategy
 * are linked to theirs, and a seeded plan still on a superseded link moves to its own new
 * strategy (its running trades keep theirs). Links the operator chose are left alone. Idempotent.
 */
export async function linkDemoPlans(tx: DbOrTx, seeded: SeededDemoStrategies): Promise<void> {
  const { strategyOf, created } = seeded;
  for (const plan of await repo.planLinks(tx)) {
    const traderId = DEMO_PLAN_LINKS[plan.title];
    const strategyId = traderId ? strategyOf.get(traderId) : undefined;
    if (!traderId || !strategyId || plan.strategyId === strategyId) continue;
    const superseded = SUPERSEDED_DEMO_LINKS[plan.title];
    const onSupersededLink =
      created.has(traderId) &&
      superseded !== undefined &&
      plan.strategyId === strategyOf.get(superseded);
    if (plan.strategyId === null || onSupersededLink) {
      // Running trades keep the strategy they were opened on.
      await repo.updatePlan(tx, plan.id, { strategyId });
    }
  }
}
