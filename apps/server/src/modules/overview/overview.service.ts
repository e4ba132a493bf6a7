import type { AdminOverview } from '@app/shared/schemas/overview';
import type { AppContext } from '../../context';
import { listStrategies } from '../copy-trading';
import { demoMethodNames } from '../payment-methods';
import * as repo from './overview.repo';

/**
 * The admin dashboard: users, money, pending work, 30 days of volumes and the strategies, all real;
 * the practice accounts' activity (issue 42) apart, never added to a real figure.
 */
export async function adminOverview(ctx: AppContext): Promise<AdminOverview> {
  const [users, money, pending, volumes, strategies, demoPaymentMethods, practice] =
    await Promise.all([
      repo.userCounts(ctx.db),
      repo.userMoney(ctx.db),
      repo.pendingTotals(ctx.db),
      repo.dailyVolumes(ctx.db, ctx.clock.now(), 30),
      listStrategies(ctx),
      demoMethodNames(ctx.db),
      repo.practiceCounts(ctx.db),
    ]);
  return {
    users,
    money: money.real,
    practice: { ...practice, investedCents: money.practiceInvestedCents },
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
