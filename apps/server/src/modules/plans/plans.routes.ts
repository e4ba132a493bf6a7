import { createdRoute, publicRoutes } from '../../http/route-plugin';
import { z } from 'zod';
import {
  adminPlanListSchema,
  adminPlanResponseSchema,
  createPlanSchema,
  publicPlanListSchema,
  updatePlanSchema,
} from '@app/shared/schemas/plans';
import type { AppContext } from '../../context';
import { adminRoutes } from '../session';
import { requireAdmin } from '../session';
import * as service from './plans.service';
import { rule } from '@app/shared/rules';

/** GET /api/plans: active plans with their strategy's computed past performance. */
export function planRoutes(ctx: AppContext) {
  return publicRoutes((app) => {
    app.get(
      '/',
      { schema: { tags: ['plans'], response: { 200: publicPlanListSchema } } },
      async () => ({ plans: await service.publicPlans(ctx) }),
    );
  });
}

const idParams = z.object({ id: z.uuid({ error: rule('PLAN_ID_INVALID') }) });

/** Admin: GET, POST /api/admin/plans, PATCH /:id, POST /:id/retire (audited). */
export function adminPlanRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    const tags = ['admin'];
    app.get('/', { schema: { tags, response: { 200: adminPlanListSchema } } }, async () => ({
      plans: await service.adminPlans(ctx),
    }));
    createdRoute(
      app,
      '/',
      { tags, body: createPlanSchema, response: adminPlanResponseSchema },
      async (request, body) => ({
        plan: await service.createPlan(ctx, requireAdmin(request).user, body, request.ip),
      }),
    );
    app.patch(
      '/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: updatePlanSchema,
          response: { 200: adminPlanResponseSchema },
        },
      },
      async (request) => ({
        plan: await service.updatePlan(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          request.body,
          request.ip,
        ),
      }),
    );
    app.post(
      '/:id/retire',
      { schema: { tags, params: idParams, response: { 200: adminPlanResponseSchema } } },
      async (request) => ({
        plan: await service.retirePlan(
          ctx,
          requireAdmin(request).user,
          request.params.id,
          request.ip,
        ),
      }),
    );
  });
}
