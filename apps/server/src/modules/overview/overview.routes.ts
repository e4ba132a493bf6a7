import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '@app/shared/schemas/overview';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import { listStrategies } from '../copy-trading/strategies.service';
import { demoMethodNames } from '../payment-methods/payment-methods.service';
import * as repo from './overview.repo';

export function overviewRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      { schema: { tags: ['admin'], response: { 200: adminOverviewSchema } } },
      async () => {
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
      },
    );
    done();
  };
}
