import { provideStrategyPlans } from '../copy-trading';
import { linkDemoPlans } from './demo-plan-links';
import * as repo from './plans.repo';

/**
 * Plans tell copy trading which plans copy its strategies and link the seeded plans to the demo
 * strategies (copy trading does not import plans: they sit above it). Run when the app is wired.
 */
export function wirePlansIntoCopyTrading(): void {
  provideStrategyPlans({ linksOf: repo.planLinksOf, demoStrategiesSeeded: linkDemoPlans });
}
