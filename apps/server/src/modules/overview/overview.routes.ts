import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewSchema, type AdminOverview } from '@app/shared/schemas/overview';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import * as repo from './overview.repo';

/**
 * Strategy figures (AUM, copiers) come from the copy-trading module, which registers its
 * provider here, so the overview does not depend on how strategies are stored.
 */
type StrategyFigures = (ctx: AppContext) => Promise<AdminOverview['strategies']>;
let strategyFigures: StrategyFigures = () => Promise.resolve([]);
export function provideStrategyFigures(provider: StrategyFigures): void {
  strategyFigures = provider;
}

export function overviewRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      { schema: { tags: ['admin'], response: { 200: adminOverviewSchema } } },
      async () => {
        const [users, money, pending, volumes, strategies] = await Promise.all([
          repo.userCounts(ctx.db),
          repo.userMoney(ctx.db),
          repo.pendingTotals(ctx.db),
          repo.dailyVolumes(ctx.db, ctx.clock.now(), 30),
          strategyFigures(ctx),
        ]);
        return { users, money, pending, volumes, strategies };
      },
    );
    done();
  };
}
