import {
  adminTraderApplicationListSchema,
  adminTraderApplicationResponseSchema,
  myTraderApplicationSchema,
  traderApplicationDecisionSchema,
  traderApplicationIdParamSchema,
  traderApplicationInputSchema,
  traderApplicationQuerySchema,
} from '@app/shared/schemas/lead-traders';
import type { AppContext } from '../../context';
import { createdRoute, statusQueueRoute } from '../../http/route-plugin';
import { requireAdmin, requireUser } from '../session';
import * as service from './lead-traders.service';
import { adminRoutes, signedInRoutes } from '../session';

/** GET /api/trader-applications/mine, POST /api/trader-applications: the caller's own. */
export function traderApplicationRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    const tags = ['trader-applications'];
    app.get(
      '/mine',
      { schema: { tags, response: { 200: myTraderApplicationSchema } } },
      (request) => service.myApplication(ctx, requireUser(request).user),
    );
    createdRoute(
      app,
      '/',
      { tags, body: traderApplicationInputSchema, response: myTraderApplicationSchema },
      (request, body) => service.apply(ctx, requireUser(request).user, body, request.ip),
    );
  });
}

/** Admin: GET /api/admin/trader-applications?status=, POST /:id/approve and /:id/reject {reason}. */
export function adminTraderApplicationRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    const tags = ['admin'];
    statusQueueRoute(
      app,
      {
        tags,
        querystring: traderApplicationQuerySchema,
        response: adminTraderApplicationListSchema,
      },
      (status) => service.listApplications(ctx, status),
    );
    for (const [action, outcome] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      app.post(
        `/:id/${action}`,
        {
          schema: {
            tags,
            params: traderApplicationIdParamSchema,
            body: traderApplicationDecisionSchema,
            response: { 200: adminTraderApplicationResponseSchema },
          },
        },
        (request) =>
          service.decideApplication(
            ctx,
            requireAdmin(request).user,
            request.params.id,
            outcome,
            request.body.reason,
            request.ip,
          ),
      );
    }
  });
}
