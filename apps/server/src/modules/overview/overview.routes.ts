import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '@app/shared/schemas/overview';
import type { AppContext } from '../../context';
import { guardAdmin } from '../../http/guards';
import { adminOverview } from './overview.service';

export function overviewRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      { schema: { tags: ['admin'], response: { 200: adminOverviewSchema } } },
      async () => adminOverview(ctx),
    );
    done();
  };
}
