import type { DemoTraderId } from '@app/shared/schemas/strategies';
import type { DbOrTx } from '../../../db/client';

/** A plan and the strategy it copies, as the plans module tells it. */
export interface PlanLink {
  readonly id: string;
  readonly title: string;
  readonly strategyId: string | null;
}

/** The demo strategies once seeded: the strategy of each demo trader, and the ones just created. */
export interface SeededDemoStrategies {
  readonly strategyOf: ReadonlyMap<DemoTraderId, string>;
  readonly created: ReadonlySet<DemoTraderId>;
}

/**
 * What copy trading needs from the plans that copy its strategies. Plans sit above copy trading
 * (plan links are theirs, and copy trading never imports them), so the plans module provides this
 * when the app is wired, as money modules register their approval handlers.
 */
export interface StrategyPlans {
  /** The plans copying `strategyIds` (the directory lists them with each strategy of its page). */
  linksOf(db: DbOrTx, strategyIds: readonly string[]): Promise<readonly PlanLink[]>;
  /** In the demo-seeding transaction, once the demo strategies exist: link the seeded plans. */
  demoStrategiesSeeded(tx: DbOrTx, seeded: SeededDemoStrategies): Promise<void>;
}

let provided: StrategyPlans | undefined;

/** Called by the plans module when the app is wired; the last call wins (one plans module). */
export function provideStrategyPlans(plans: StrategyPlans): void {
  provided = plans;
}

export function strategyPlans(): StrategyPlans {
  if (!provided) throw new Error('plans are not wired into copy trading (provideStrategyPlans)');
  return provided;
}
