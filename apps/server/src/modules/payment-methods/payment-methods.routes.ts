import { z } from 'zod';
import {
  createPaymentMethodSchema,
  paymentMethodListSchema,
  paymentMethodResponseSchema,
  updatePaymentMethodSchema,
} from '@app/shared/schemas/payment-methods';
import { approvalResponseSchema } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import { requireAdmin } from '../session';
import * as service from './payment-methods.service';
import type { RailCatalog } from './rails';
import { rule } from '@app/shared/rules';
import { adminRoutes, signedInRoutes } from '../session';

const idParams = z.object({ id: z.uuid({ error: rule('PAYMENT_METHOD_ID_INVALID') }) });

/** GET /api/payment-methods — the active methods, for signed-in users. */
export function paymentMethodRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    app.get(
      '/',
      { schema: { tags: ['payment-methods'], response: { 200: paymentMethodListSchema } } },
      async () => ({ methods: await service.listActive(ctx) }),
    );
  });
}

/**
 * /api/admin/payment-methods: list (incl. retired), create, edit, retire — audited. A crypto
 * method's rail must be one of `rails` (the configured crypto rails; none when they are off).
 */
export function adminPaymentMethodRoutes(ctx: AppContext, rails?: RailCatalog) {
  return adminRoutes((app) => {
    const tags = ['admin'];
    app.get('/', { schema: { tags, response: { 200: paymentMethodListSchema } } }, async () => ({
      methods: await service.listAll(ctx),
    }));
    app.post(
      '/',
      {
        schema: {
          tags,
          body: createPaymentMethodSchema,
          // Where money goes: always waits for a second admin (202 with the approval).
          response: { 202: approvalResponseSchema },
        },
      },
      async (request, reply) => {
        const outcome = await service.create(
          ctx,
          requireAdmin(request).user.id,
          request.body,
          request.ip,
          rails,
        );
        return reply.status(outcome.status).send(outcome.body);
      },
    );
    app.patch(
      '/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: updatePaymentMethodSchema,
          // A new address or bank details wait for a second admin (202); a name or note not.
          response: { 200: paymentMethodResponseSchema, 202: approvalResponseSchema },
        },
      },
      async (request, reply) => {
        const outcome = await service.update(
          ctx,
          requireAdmin(request).user.id,
          request.params.id,
          request.body,
          request.ip,
          rails,
        );
        return reply.status(outcome.status).send(outcome.body);
      },
    );
    app.delete(
      '/:id',
      { schema: { tags, params: idParams, response: { 200: paymentMethodResponseSchema } } },
      async (request) => ({
        method: await service.retire(
          ctx,
          requireAdmin(request).user.id,
          request.params.id,
          request.ip,
        ),
      }),
    );
  });
}
