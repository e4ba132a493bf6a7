import { atMostCharacters } from '@app/shared/schemas/common';
import { z } from 'zod';
import {
  adminTransactionListQuerySchema,
  adminTransactionListSchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionResponseSchema,
} from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import { sendJsonText } from '../../http/json-text';
import { requireUser } from '../session';
import { requirePractice } from '../settings';
import * as service from './transactions.service';
import { adminRoutes, signedInRoutes } from '../session';

/**
 * GET /api/transactions[?book=practice], GET /api/transactions/:transactionId — the signed-in
 * user's own (a list is of one book; one transaction by id is found in either).
 */
export function transactionRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    const tags = ['transactions'];
    app.get(
      '/',
      {
        schema: {
          tags,
          querystring: transactionListQuerySchema,
          response: { 200: transactionListSchema },
        },
      },
      async (request, reply) => {
        const { user } = requireUser(request);
        if (request.query.book === 'practice') {
          await requirePractice(ctx.db, user, { started: false });
        }
        return sendJsonText(reply, await service.listOwnJson(ctx, user.id, request.query));
      },
    );
    app.get(
      '/:transactionId',
      {
        schema: {
          tags,
          params: z.object({ transactionId: z.string().max(40, atMostCharacters(40)) }),
          response: { 200: transactionResponseSchema },
        },
      },
      async (request) => ({
        transaction: await service.getOwn(
          ctx,
          requireUser(request).user.id,
          request.params.transactionId,
        ),
      }),
    );
  });
}

/** GET /api/admin/transactions — every user's, filterable by status, kind and user. */
export function adminTransactionRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['admin'],
          querystring: adminTransactionListQuerySchema,
          response: { 200: adminTransactionListSchema },
        },
      },
      (request) => service.listAll(ctx, request.query),
    );
  });
}
