import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicPlanListSchema } from '@app/shared/schemas/plans';
import type { AppContext } from '../../context';
import { listActivePlans } from './plans.repo';

export function planRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      { schema: { tags: ['plans'], response: { 200: publicPlanListSchema } } },
      async () => {
        const rows = await listActivePlans(ctx.db);
        return {
          plans: rows.map((plan) => ({
            id: plan.id,
            title: plan.title,
            minCents: Number(plan.minCents),
            maxCents: Number(plan.maxCents),
            termDays: plan.termDays,
            recommended: plan.recommended,
            performanceFeePct: plan.performanceFeePct,
            // Strategies arrive with the copy-trading issue; until then no figures are shown.
            strategy: null,
          })),
        };
      },
    );
    done();
  };
}
