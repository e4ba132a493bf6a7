import {
  approvalDecisionSchema,
  approvalListQuerySchema,
  approvalListSchema,
} from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import { decisionRoutes } from './decision-routes';
import type { ApprovalHandlers } from './approval-handlers';
import * as service from './approvals.service';
import { adminRoutes } from '../session';
import { statusQueueRoute } from '../../http/route-plugin';

/**
 * GET /api/admin/approvals?status=pending, POST /api/admin/approvals/:id/approve and
 * /reject {reason} (Idempotency-Key): the checker's side of four-eyes money. An approved request
 * is carried out by the handler registered for its kind in `handlers`.
 */
export function adminApprovalRoutes(ctx: AppContext, handlers: ApprovalHandlers) {
  return adminRoutes((app) => {
    const tags = ['admin'];
    statusQueueRoute(
      app,
      { tags, querystring: approvalListQuerySchema, response: approvalListSchema },
      (status) => service.listApprovals(ctx, status),
    );
    decisionRoutes(app, {
      tags,
      approve: {
        verb: 'approve',
        response: { 200: approvalDecisionSchema },
        run: (request) => service.approve(ctx, handlers, request),
      },
      reject: {
        response: { 200: approvalDecisionSchema },
        run: (request, reason) => service.reject(ctx, request, reason),
      },
    });
  });
}
