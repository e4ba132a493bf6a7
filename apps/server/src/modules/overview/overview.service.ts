import type { AdminOverview } from '@app/shared/schemas/overview';
import type { AppContext } from '../../context';
import { listStrategies } from '../copy-trading';
import { demoMethodNames } from '../payment-methods';
import * as repo from './overview.repo';

/** The admin dashboard: users, money, pending work, 30 days of volumes and the strategies. */
export async function adminOverview(ctx: AppContext): Promise<AdminOverview> {
  const [users, money, pending, volumes, strategies, demoPaymentMethods] = await Promise.all([
    repo.userCounts(ctx.db),
    repo.userMoney(ctx.db),
    repo.pendingTotals(ctx.db),
    repo.dailyVolumes(ctx.db, ctx.clock.now(), 30),
    listStrategies(ctx),
    demoMethodNames(ctx.db),
  ]);
  return {
    users,
    money,
    pending,
    volumes,
    strategies: strategies.map(({ id, name, aumCents, copiers }) => ({
      id,
      name,
      aumCents,
      copiers,
    })),
    demoPaymentMethods,
  };
}
